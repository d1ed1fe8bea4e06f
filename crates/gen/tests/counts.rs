//! Operation counts per phase (the counter back-end): exact linear growth in the number of pairs.

use evm384_gen::curves::Curve;
use evm384_gen::{count_pairing_check, F2Mul, Phase};

#[test]
fn per_phase_counts_are_exact_and_scale_with_k() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let c1 = count_pairing_check(Curve::Bls12_381, 1, f2mul);
        let c2 = count_pairing_check(Curve::Bls12_381, 2, f2mul);
        let c3 = count_pairing_check(Curve::Bls12_381, 3, f2mul);
        // the final exponentiation does not depend on k; every other phase grows linearly
        assert_eq!(c1.get(Phase::FinalExp), c2.get(Phase::FinalExp));
        for p in [Phase::Decode, Phase::OnCurve, Phase::Subgroup, Phase::MillerLoop] {
            let (a, b, c) = (c1.get(p), c2.get(p), c3.get(p));
            assert_eq!(c.mulmodmont384 - b.mulmodmont384, b.mulmodmont384 - a.mulmodmont384, "{p:?}");
            assert_eq!(c.addmod384 - b.addmod384, b.addmod384 - a.addmod384, "{p:?}");
        }
        // decoding: six to-Montgomery multiplications per pair
        assert_eq!(c1.get(Phase::Decode).mulmodmont384, 6);
        // v3 trades one multiplication for additions in every Fp2 product
        if f2mul == F2Mul::V3 {
            let v4 = count_pairing_check(Curve::Bls12_381, 1, F2Mul::V4);
            assert!(c1.get(Phase::MillerLoop).mulmodmont384 < v4.get(Phase::MillerLoop).mulmodmont384);
        }
    }
}
