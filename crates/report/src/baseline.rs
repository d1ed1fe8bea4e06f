//! The native baseline: an EIP-2537 PAIRING_CHECK computed with blst, and deterministic pairing
//! inputs (valid points whose pairing product is one) for the measurements.

use blst::*;

/// Bytes of one pair in EIP-2537 calldata: G1 (2 × 64) ‖ G2 (4 × 64).
pub const PAIR_BYTES: usize = 384;

use evm384_precompile::encode_pair;
/// Why an input is rejected: revm's halt reasons.
pub use evm384_precompile::PrecompileHalt as InputError;

/// EIP-2537 PAIRING_CHECK with blst, the best blst can do on the precompile's work: validates
/// every point exactly as revm's 0x0f does (`evm384_precompile::decode_pairs`: encoding,
/// on-curve and subgroup checks, the partner of an infinity included, pairs with a point at
/// infinity left out) and computes `∏ e(Pᵢ, Qᵢ)` with blst's multi-Miller loop
/// (`blst_miller_loop_n`: one shared squaring chain for all pairs, as revm's 0x0f does) and one
/// final exponentiation.
pub fn blst_pairing_check(input: &[u8]) -> Result<bool, InputError> {
    if input.is_empty() || !input.len().is_multiple_of(PAIR_BYTES) {
        return Err(InputError::Bls12381PairingInputLength);
    }
    let pairs = evm384_precompile::decode_pairs(input)?;
    Ok(blst_pairs_check(&pairs))
}

/// Π_j f_{z,Qj}(Pj) by blst's multi-Miller loop (`blst_miller_loop_n`: one squaring chain for
/// all pairs); pairs with a point at infinity are left out (1 when none is left).
pub fn blst_miller_loop_pairs(pairs: &[evm384_ifma::Pair]) -> blst_fp12 {
    // SAFETY: blst reads the points.
    let live: Vec<&evm384_ifma::Pair> =
        pairs.iter().filter(|(p, q)| unsafe { !blst_p1_affine_is_inf(p) && !blst_p2_affine_is_inf(q) }).collect();
    if live.is_empty() {
        // SAFETY: static data.
        return unsafe { *blst_fp12_one() };
    }
    let ps: Vec<*const blst_p1_affine> = live.iter().map(|p| &p.0 as *const _).collect();
    let qs: Vec<*const blst_p2_affine> = live.iter().map(|p| &p.1 as *const _).collect();
    let mut r = blst_fp12::default();
    // SAFETY: arrays of live.len() valid pointers.
    unsafe { blst_miller_loop_n(&mut r, qs.as_ptr(), ps.as_ptr(), live.len()) };
    r
}

/// blst's final exponentiation.
pub fn blst_final_exp_of(f: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: blst reads f, writes r.
    unsafe { blst_final_exp(&mut r, f) };
    r
}

/// Is Π e(Pj, Qj) = 1, by blst (multi-Miller loop, one final exponentiation)?
pub fn blst_pairs_check(pairs: &[evm384_ifma::Pair]) -> bool {
    // SAFETY: blst reads the value.
    unsafe { blst_fp12_is_one(&blst_final_exp_of(&blst_miller_loop_pairs(pairs))) }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny deterministic generator for reproducible inputs.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
}

/// \[scalar\]G1, affine.
pub fn g1_mul(scalar: u64) -> blst_p1_affine {
    let (mut p, mut a) = (blst_p1::default(), blst_p1_affine::default());
    // SAFETY: the generator is a static point; the scalar is 8 little-endian bytes (64 bits).
    unsafe {
        blst_p1_mult(&mut p, blst_p1_generator(), scalar.to_le_bytes().as_ptr(), 64);
        blst_p1_to_affine(&mut a, &p);
    }
    a
}

/// \[scalar\]G2, affine.
pub fn g2_mul(scalar: u64) -> blst_p2_affine {
    let (mut q, mut a) = (blst_p2::default(), blst_p2_affine::default());
    // SAFETY: as in `g1_mul`.
    unsafe {
        blst_p2_mult(&mut q, blst_p2_generator(), scalar.to_le_bytes().as_ptr(), 64);
        blst_p2_to_affine(&mut a, &q);
    }
    a
}

/// `k` valid pairs (points in the subgroups) for measurements, deterministic in `seed`.
///
/// For `k ≥ 2`: pairs `([aᵢ]G1, [bᵢ]G2)` for `i < k-1` with random 30-bit `aᵢ, bᵢ`, and a last
/// pair `([-c]G1, G2)` with `c = Σ aᵢbᵢ` (no wrap-around: `c < 2^60·1023`, a 128-bit
/// scalar), so the product of the pairings is one and the check returns true. For `k = 1` a
/// true product is impossible with finite points, so the single random pair gives a false check
/// (same work, same cost). (Up to k = 16, `c < 2^64`, and the inputs are those of the 64-bit
/// version this replaced.)
pub fn pairing_input(k: usize, seed: u64) -> Vec<u8> {
    assert!((1..=1024).contains(&k), "k = {k} out of range 1..=1024 (c = Σ aᵢbᵢ must stay below 2^128)");
    let mut rng = SplitMix64(seed);
    let mut out = Vec::with_capacity(k * PAIR_BYTES);
    if k == 1 {
        out.extend_from_slice(&encode_pair(&g1_mul(rng.next_u64() >> 34 | 1), &g2_mul(rng.next_u64() >> 34 | 1)));
        return out;
    }
    let mut sum: u128 = 0;
    for _ in 0..k - 1 {
        let (a, b) = (rng.next_u64() >> 34 | 1, rng.next_u64() >> 34 | 1);
        sum += (a * b) as u128;
        out.extend_from_slice(&encode_pair(&g1_mul(a), &g2_mul(b)));
    }
    // Last pair ([sum]G1 negated, G2): e(-[sum]G1, G2) = e(G1, G2)^(-sum).
    let mut p = blst_p1::default();
    let mut a = blst_p1_affine::default();
    // SAFETY: as in `g1_mul`, with a 128-bit scalar (16 bytes).
    unsafe {
        blst_p1_mult(&mut p, blst_p1_generator(), sum.to_le_bytes().as_ptr(), 128);
        blst_p1_cneg(&mut p, true);
        blst_p1_to_affine(&mut a, &p);
    }
    out.extend_from_slice(&encode_pair(&a, &g2_mul(1)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_inputs_check_true_for_k_at_least_two_and_false_for_one() {
        assert_eq!(blst_pairing_check(&pairing_input(1, 7)), Ok(false));
        for k in [2, 3, 8, 40] {
            assert_eq!(blst_pairing_check(&pairing_input(k, k as u64)), Ok(true), "k = {k}");
        }
    }

    #[test]
    fn perturbed_inputs_fail() {
        let mut x = pairing_input(2, 1);
        assert_eq!(blst_pairing_check(&x[..383]), Err(InputError::Bls12381PairingInputLength));
        x[16 + 47] ^= 1; // G1.x of the first pair: off the curve
        assert_eq!(blst_pairing_check(&x), Err(InputError::Bls12381G1NotOnCurve));
        let mut y = pairing_input(2, 1);
        y[0] = 1; // top 16 bytes must be zero
        assert_eq!(blst_pairing_check(&y), Err(InputError::Bls12381FpPaddingInvalid));
        assert_eq!(blst_pairing_check(&[]), Err(InputError::Bls12381PairingInputLength));
        assert_eq!(blst_pairing_check(&[0u8; 2 * PAIR_BYTES]), Ok(true));
    }
}

#[cfg(test)]
mod vector_tests {
    use super::*;

    /// The baseline agrees with the published EIP-2537 pairing vectors (valid and failing).
    #[test]
    fn eip2537_vectors() {
        let mut n = 0;
        for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
            for c in cases {
                let got = blst_pairing_check(&c.input);
                match c.pairing_result(file).unwrap() {
                    None => assert!(got.is_err(), "{file} {}: accepted", c.name),
                    Some(want) => assert_eq!(got, Ok(want), "{file} {}", c.name),
                }
                n += 1;
            }
        }
        assert_eq!(n, 226);
    }
}
