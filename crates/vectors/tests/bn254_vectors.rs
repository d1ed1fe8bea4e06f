//! BN254 (alt_bn128) vectors of `testdata/bn254/`: the adversarial files made here with
//! arkworks' `ark-bn254` 0.5, and every file (go-ethereum's included) against arkworks.
//!
//! Encoding (EIP-196, EIP-197): a field element is 32 bytes big-endian and must be < p; a G1
//! point is x ‖ y, (0, 0) its point at infinity; a G2 point is x_imaginary ‖ x_real ‖
//! y_imaginary ‖ y_real, all zeros its point at infinity. ecAdd (0x06) reads 128 bytes and ecMul
//! (0x07) 96 (a point ‖ a 256-bit scalar, not reduced), each input right-padded with zeros to
//! that length and the rest ignored; ecPairing (0x08) takes k pairs of G1 ‖ G2 (192 bytes each),
//! fails when the length is not a multiple of 192 and returns the 32-byte word 1 iff
//! ∏ e(Pᵢ, Qᵢ) = 1 (1 for k = 0). A coordinate ≥ p, a point off its curve or a G2 point outside
//! the order-r subgroup fails the call (G1 has cofactor 1: on the curve is in G1).
//!
//! - `adversarial_files_equal_arkworks`: builds the cases of `ecadd.json`, `ecmul.json`,
//!   `ecpairing.json` (valid inputs; each expected output from the points' construction,
//!   computed by arkworks) and of `fail-ecadd.json`, `fail-ecmul.json`, `fail-ecpairing.json`
//!   (inputs the precompiles must reject), checks each against the model below, and compares
//!   them with the committed files byte for byte; `EVM384_BLESS=1` rewrites the files.
//! - `every_bn254_case_agrees_with_the_arkworks_model`: every case of every file of
//!   `testdata/bn254/` through a model of EIP-196/197 on arkworks (decoding as stated above,
//!   ecMul by the full 256-bit scalar, ecPairing by `multi_pairing`): valid cases give exactly
//!   `Expected`, failing ones are rejected for the reason their `ExpectedError` names.
//!
//! The check against revm's precompiles is `crates/evm/tests/bn254_precompiles.rs`.

use ark_bn254::{g1, g2, Bn254, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInt, BigInteger, Field, One, PrimeField, UniformRand, Zero};
use evm384_vectors::{load_bn254_files, testdata, Expected, Operation};
use rand::SeedableRng;

type Rng = rand::rngs::StdRng;
type U256 = BigInt<4>;
/// ecPairing's pairs (Pᵢ, Qᵢ).
type Pairs = Vec<(G1Affine, G2Affine)>;

/// The seed of every random point and scalar of the adversarial files.
const SEED: u64 = 254;

// ---------------------------------------------------------------------------------------------
// Encoding (EIP-196, EIP-197)

fn u256_bytes(x: &U256) -> Vec<u8> {
    x.to_bytes_be()
}

/// 32 bytes big-endian as a 256-bit integer.
fn u256_of(bytes: &[u8]) -> U256 {
    assert_eq!(bytes.len(), 32);
    let mut limbs = [0u64; 4];
    for (i, chunk) in bytes.chunks(8).enumerate() {
        limbs[3 - i] = u64::from_be_bytes(chunk.try_into().unwrap());
    }
    BigInt(limbs)
}

fn fq_bytes(x: &Fq) -> Vec<u8> {
    u256_bytes(&x.into_bigint())
}

/// x + p as a 256-bit integer (BN254's p < 2^254: no carry): ≥ p, and ≡ x mod p.
fn plus_p(x: &Fq) -> Vec<u8> {
    let mut v = x.into_bigint();
    assert!(!v.add_with_carry(&Fq::MODULUS));
    u256_bytes(&v)
}

fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 64],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

/// EIP-197's order: x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real (arkworks' c1 ‖ c0).
fn g2_bytes(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0; 128],
        Some((x, y)) => [fq_bytes(&x.c1), fq_bytes(&x.c0), fq_bytes(&y.c1), fq_bytes(&y.c0)].concat(),
    }
}

fn pairs_bytes(pairs: &[(G1Affine, G2Affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [g1_bytes(p), g2_bytes(q)].concat()).collect()
}

/// ecPairing's 32-byte answer.
fn answer(one: bool) -> Vec<u8> {
    let mut word = vec![0; 32];
    word[31] = one as u8;
    word
}

// ---------------------------------------------------------------------------------------------
// The model: EIP-196/197 on arkworks

/// Why an input is rejected; the text is the failing files' `ExpectedError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reject {
    CoordinateNotBelowP,
    NotOnCurve,
    NotInSubgroup,
    PairingLength,
}

impl Reject {
    fn text(self) -> &'static str {
        match self {
            Reject::CoordinateNotBelowP => "coordinate not less than p",
            Reject::NotOnCurve => "point not on curve",
            Reject::NotInSubgroup => "G2 point not in subgroup",
            Reject::PairingLength => "input length not a multiple of 192",
        }
    }
}

fn read_fq(bytes: &[u8]) -> Result<Fq, Reject> {
    Fq::from_bigint(u256_of(bytes)).ok_or(Reject::CoordinateNotBelowP)
}

/// 64 bytes as a G1 point: (0, 0) is infinity; otherwise on the curve (which is G1).
fn read_g1(bytes: &[u8]) -> Result<G1Affine, Reject> {
    let (x, y) = (read_fq(&bytes[..32])?, read_fq(&bytes[32..64])?);
    if x.is_zero() && y.is_zero() {
        return Ok(G1Affine::zero());
    }
    let p = G1Affine::new_unchecked(x, y);
    if p.is_on_curve() {
        Ok(p)
    } else {
        Err(Reject::NotOnCurve)
    }
}

/// 128 bytes as a G2 point: all zeros is infinity; otherwise on the twist and in G2.
fn read_g2(bytes: &[u8]) -> Result<G2Affine, Reject> {
    let x = Fq2::new(read_fq(&bytes[32..64])?, read_fq(&bytes[..32])?);
    let y = Fq2::new(read_fq(&bytes[96..128])?, read_fq(&bytes[64..96])?);
    if x.is_zero() && y.is_zero() {
        return Ok(G2Affine::zero());
    }
    let q = G2Affine::new_unchecked(x, y);
    if !q.is_on_curve() {
        Err(Reject::NotOnCurve)
    } else if !q.is_in_correct_subgroup_assuming_on_curve() {
        Err(Reject::NotInSubgroup)
    } else {
        Ok(q)
    }
}

/// The input's first `len` bytes, right-padded with zeros to `len` (EIP-196).
fn padded(input: &[u8], len: usize) -> Vec<u8> {
    let mut v = input[..input.len().min(len)].to_vec();
    v.resize(len, 0);
    v
}

/// What the precompile of `op` returns for `input`.
fn model(op: Operation, input: &[u8]) -> Result<Vec<u8>, Reject> {
    match op {
        Operation::G1Add => {
            let input = padded(input, 128);
            let (p, q) = (read_g1(&input[..64])?, read_g1(&input[64..])?);
            Ok(g1_bytes(&(p + q).into_affine()))
        }
        Operation::G1Mul => {
            let input = padded(input, 96);
            let p = read_g1(&input[..64])?;
            Ok(g1_bytes(&p.mul_bigint(u256_of(&input[64..])).into_affine()))
        }
        Operation::PairingCheck => {
            if !input.len().is_multiple_of(192) {
                return Err(Reject::PairingLength);
            }
            let mut pairs = Vec::new();
            for pair in input.chunks(192) {
                pairs.push((read_g1(&pair[..64])?, read_g2(&pair[64..])?));
            }
            Ok(answer(product_is_one(&pairs)))
        }
        _ => unreachable!("BN254 has no precompile for {op}"),
    }
}

/// ∏ e(Pᵢ, Qᵢ) = 1 by arkworks, pairs with a point at infinity skipped (e(O, Q) = e(P, O) = 1).
fn product_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) =
        pairs.iter().filter(|(p, q)| !p.is_zero() && !q.is_zero()).copied().unzip();
    ps.is_empty() || Bn254::multi_pairing(ps, qs).0.is_one()
}

// ---------------------------------------------------------------------------------------------
// Points and scalars

fn g1_random(rng: &mut Rng) -> G1Affine {
    G1Projective::rand(rng).into_affine()
}

fn g2_random(rng: &mut Rng) -> G2Affine {
    let q = G2Projective::rand(rng).into_affine();
    assert!(q.is_in_correct_subgroup_assuming_on_curve());
    q
}

/// A G1 point whose y ends in `zeros` zero bytes: an input ending with it may drop them, and
/// EIP-196's padding puts them back.
fn g1_with_y_ending_in_zeros(rng: &mut Rng, zeros: usize) -> G1Affine {
    let step = G1Projective::rand(rng);
    let mut point = G1Projective::rand(rng);
    loop {
        let batch: Vec<G1Projective> = (0..4096)
            .map(|_| {
                point += step;
                point
            })
            .collect();
        if let Some(p) = G1Projective::normalize_batch(&batch)
            .into_iter()
            .find(|p| !p.is_zero() && fq_bytes(&p.y)[32 - zeros..].iter().all(|&b| b == 0))
        {
            return p;
        }
    }
}

/// G1's generator (1, 2) with its 64 bytes reversed (little-endian): 2^249 ‖ 2^248 as big-endian
/// coordinates, both < p, off the curve.
fn generator_little_endian() -> Vec<u8> {
    g1_bytes(&G1Affine::generator()).into_iter().rev().collect()
}

/// A random point of the twist E′(Fp2): y² = x³ + 3/(9 + u), the cofactor not cleared.
fn twist_point(rng: &mut Rng) -> G2Affine {
    loop {
        let x = Fq2::rand(rng);
        if let Some(y) = (x.square() * x + g2::Config::COEFF_B).sqrt() {
            let q = G2Affine::new_unchecked(x, y);
            assert!(q.is_on_curve());
            return q;
        }
    }
}

/// `q` is on the twist and outside G2, by arkworks' subgroup test and by [r]q ≠ O.
fn assert_outside_g2(q: &G2Affine) {
    assert!(q.is_on_curve() && !q.is_zero());
    assert!(!q.is_in_correct_subgroup_assuming_on_curve());
    assert!(!q.mul_bigint(Fr::MODULUS).is_zero());
}

fn scalar_u256(s: &Fr) -> U256 {
    s.into_bigint()
}

/// The 256-bit big-endian scalar `value` as 32 bytes (from a decimal or `0x` string's parse).
fn scalar_bytes(value: U256) -> Vec<u8> {
    u256_bytes(&value)
}

/// [s]P for a 256-bit scalar s: by [s mod r]P (G1 has order r), arkworks' `Fr` reducing it.
fn g1_times(p: &G1Affine, scalar: &[u8]) -> G1Affine {
    (*p * Fr::from_be_bytes_mod_order(scalar)).into_affine()
}

// ---------------------------------------------------------------------------------------------
// The cases

/// A made case: its name, the input and what the precompile must do.
struct Made {
    name: String,
    input: Vec<u8>,
    expected: Result<Vec<u8>, Reject>,
}

fn valid(name: impl Into<String>, input: Vec<u8>, output: Vec<u8>) -> Made {
    Made { name: name.into(), input, expected: Ok(output) }
}

fn failing(name: impl Into<String>, input: Vec<u8>, reason: Reject) -> Made {
    Made { name: name.into(), input, expected: Err(reason) }
}

/// A coordinate encoding at most 256 bits.
fn word(x: U256) -> Vec<u8> {
    u256_bytes(&x)
}

fn two_pow_256_minus_1() -> U256 {
    BigInt([u64::MAX; 4])
}

fn ec_add_cases(rng: &mut Rng) -> Vec<Made> {
    let o = G1Affine::zero();
    let g = G1Affine::generator();
    let (p, q) = (g1_random(rng), g1_random(rng));
    let sum = |a: &G1Affine, b: &G1Affine| g1_bytes(&(*a + *b).into_affine());
    let add = |a: &G1Affine, b: &G1Affine| [g1_bytes(a), g1_bytes(b)].concat();
    // no point has x = 0: 3 is not a square mod p (p ≡ 3 mod 4, p ≡ 1 mod 3)
    assert!(Fq::from(3u8).sqrt().is_none());
    let (px, py) = p.xy().unwrap();
    let (qx, qy) = q.xy().unwrap();
    let q_short = g1_with_y_ending_in_zeros(rng, 2);
    let p_short = g1_with_y_ending_in_zeros(rng, 1);
    let trim = |bytes: Vec<u8>, n: usize| {
        assert!(bytes[bytes.len() - n..].iter().all(|&b| b == 0));
        bytes[..bytes.len() - n].to_vec()
    };
    let mut cases = vec![
        valid("O + O (all zeros)", add(&o, &o), vec![0; 64]),
        valid("O + P", add(&o, &p), g1_bytes(&p)),
        valid("P + O", add(&p, &o), g1_bytes(&p)),
        valid("P + Q", add(&p, &q), sum(&p, &q)),
        valid("G + G: the generator (1, 2) doubled", add(&g, &g), sum(&g, &g)),
        valid("P + P", add(&p, &p), g1_bytes(&(p + p).into_affine())),
        valid("P + (-P) = O", add(&p, &-p), vec![0; 64]),
        valid("(-P) + P = O", add(&-p, &p), vec![0; 64]),
        valid("G + (-G) = O", add(&g, &-g), vec![0; 64]),
        valid("P + [2]P", add(&p, &(p + p).into_affine()), g1_bytes(&(p + p + p).into_affine())),
        valid("empty input: O + O by the zero padding", vec![], vec![0; 64]),
        valid("64 bytes: P + O by the zero padding", g1_bytes(&p), g1_bytes(&p)),
        valid(
            "126 bytes: P and Q whose y's two trailing zero bytes are dropped (padded back)",
            trim(add(&p, &q_short), 2),
            sum(&p, &q_short),
        ),
        valid(
            "63 bytes: P whose y's trailing zero byte is dropped, alone",
            trim(g1_bytes(&p_short), 1),
            g1_bytes(&p_short),
        ),
        valid("160 bytes: P, Q, then 32 bytes 0xff (ignored)", [add(&p, &q), vec![0xff; 32]].concat(), sum(&p, &q)),
        valid("192 bytes: P, Q, then a third point (ignored)", [add(&p, &q), g1_bytes(&g)].concat(), sum(&p, &q)),
        valid(
            "192 bytes: P, Q, then a point off the curve with x = p (ignored)",
            [add(&p, &q), word(Fq::MODULUS), vec![1; 32]].concat(),
            sum(&p, &q),
        ),
        valid("256 bytes: P + (-P), then P, Q (ignored)", [add(&p, &-p), add(&p, &q)].concat(), vec![0; 64]),
    ];
    let fails = [
        ("first point's x replaced by x + p (>= p, same residue)", [plus_p(&px), fq_bytes(&py), g1_bytes(&q)].concat()),
        ("first point's y replaced by y + p", [fq_bytes(&px), plus_p(&py), g1_bytes(&q)].concat()),
        ("second point's x replaced by x + p", [g1_bytes(&p), plus_p(&qx), fq_bytes(&qy)].concat()),
        ("second point's y replaced by y + p", [g1_bytes(&p), fq_bytes(&qx), plus_p(&qy)].concat()),
        ("first point (p, 0): infinity's encoding with x = p", [word(Fq::MODULUS), vec![0; 32], g1_bytes(&q)].concat()),
        (
            "second point (0, p): infinity's encoding with y = p",
            [g1_bytes(&p), vec![0; 32], word(Fq::MODULUS)].concat(),
        ),
        ("first point (2^256 - 1, 2^256 - 1)", [vec![0xff; 64], g1_bytes(&q)].concat()),
        (
            "(p, p) + (p, p): infinity's encoding plus p in every coordinate",
            [word(Fq::MODULUS), word(Fq::MODULUS), word(Fq::MODULUS), word(Fq::MODULUS)].concat(),
        ),
    ];
    let fails_reason = fails.into_iter().map(|(n, i)| failing(n, i, Reject::CoordinateNotBelowP));
    let off = |x: &Fq, y: &Fq| [fq_bytes(x), fq_bytes(&(*y + Fq::one()))].concat();
    let off_curve = [
        ("first point off the curve: (x, y + 1)", [off(&px, &py), g1_bytes(&q)].concat()),
        ("second point off the curve: (x, y + 1)", [g1_bytes(&p), off(&qx, &qy)].concat()),
        ("first point (0, 1): x = 0 but not infinity", [vec![0; 63], vec![1], g1_bytes(&q)].concat()),
        ("second point (1, 0)", [g1_bytes(&p), word(BigInt::from(1u8)), vec![0; 32]].concat()),
        ("second point (0, y_Q): x zeroed", [g1_bytes(&p), vec![0; 32], fq_bytes(&qy)].concat()),
        ("the generator (1, 2) in little-endian bytes", [generator_little_endian(), g1_bytes(&q)].concat()),
        ("96 bytes: P and Q's x; Q's y padded to 0: (x, 0) is off the curve", [g1_bytes(&p), fq_bytes(&qx)].concat()),
        ("32 bytes: P's x; y padded to 0", fq_bytes(&px)),
        ("192 bytes: P, a point off the curve, then Q (ignored)", [g1_bytes(&p), off(&qx, &qy), g1_bytes(&q)].concat()),
    ]
    .into_iter()
    .map(|(n, i)| failing(n, i, Reject::NotOnCurve));
    cases.extend(fails_reason.chain(off_curve));
    cases
}

fn ec_mul_cases(rng: &mut Rng) -> Vec<Made> {
    let o = G1Affine::zero();
    let g = G1Affine::generator();
    let p = g1_random(rng);
    let (px, py) = p.xy().unwrap();
    let r = Fr::MODULUS;
    let r_plus = |k: u64| {
        let mut v = r;
        assert!(!v.add_with_carry(&BigInt::from(k)));
        v
    };
    let mut r_minus_1 = r;
    r_minus_1.sub_with_borrow(&BigInt::from(1u8));
    let mut two_r = r;
    assert!(!two_r.add_with_carry(&r));
    let random_fr = scalar_u256(&Fr::rand(rng));
    let random_256 = u256_of(&(0..32).map(|_| u8::rand(rng)).collect::<Vec<u8>>());
    let scalars: Vec<(&str, U256)> = vec![
        ("0", BigInt::from(0u8)),
        ("1", BigInt::from(1u8)),
        ("2", BigInt::from(2u8)),
        ("r - 1", r_minus_1),
        ("r", r),
        ("r + 1", r_plus(1)),
        ("2r", two_r),
        ("p (the base field's modulus, > r)", Fq::MODULUS),
        ("2^256 - 1", two_pow_256_minus_1()),
        ("a random scalar < r", random_fr),
        ("a random 256-bit scalar", random_256),
    ];
    let mut cases = Vec::new();
    for (point_name, point) in [("P", p), ("G", g), ("O", o)] {
        for (scalar_name, s) in &scalars {
            let s = scalar_bytes(*s);
            let want = g1_times(&point, &s);
            cases.push(valid(format!("[{scalar_name}]{point_name}"), [g1_bytes(&point), s].concat(), g1_bytes(&want)));
        }
    }
    // what the notable scalars must give, independently of the reduction mod r
    let at = |name: &str| &cases.iter().find(|c| c.name == name).unwrap().expected;
    assert_eq!(at("[r]P"), &Ok(vec![0; 64]));
    assert_eq!(at("[0]P"), &Ok(vec![0; 64]));
    assert_eq!(at("[r - 1]P"), &Ok(g1_bytes(&-p)));
    assert_eq!(at("[r + 1]P"), &Ok(g1_bytes(&p)));
    assert_eq!(at("[1]P"), &Ok(g1_bytes(&p)));
    assert_eq!(at("[2]G"), &Ok(g1_bytes(&(g + g).into_affine())));
    let high = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd];
    let high_scalar = [high.to_vec(), vec![0; 25]].concat();
    let p_short = g1_with_y_ending_in_zeros(rng, 1);
    let s = scalar_bytes(random_fr);
    cases.extend([
        valid("empty input: [0]O by the zero padding", vec![], vec![0; 64]),
        valid("64 bytes: P, the scalar padded to 0", g1_bytes(&p), vec![0; 64]),
        valid(
            "71 bytes: P and the scalar's 7 high bytes (0x0123456789abcd << 200)",
            [g1_bytes(&p), high.to_vec()].concat(),
            g1_bytes(&g1_times(&p, &high_scalar)),
        ),
        valid(
            "63 bytes: P whose y's trailing zero byte is dropped; scalar 0",
            g1_bytes(&p_short)[..63].to_vec(),
            vec![0; 64],
        ),
        valid(
            "128 bytes: P, a scalar, then 32 bytes 0xff (ignored)",
            [g1_bytes(&p), s.clone(), vec![0xff; 32]].concat(),
            g1_bytes(&g1_times(&p, &s)),
        ),
        valid(
            "160 bytes: P, a scalar, then a point (ignored)",
            [g1_bytes(&p), s.clone(), g1_bytes(&g)].concat(),
            g1_bytes(&g1_times(&p, &s)),
        ),
    ]);
    assert!(fq_bytes(&p_short.y)[31] == 0);
    let coordinate = [
        ("x replaced by x + p (>= p, same residue)", [plus_p(&px), fq_bytes(&py), s.clone()].concat()),
        ("y replaced by y + p", [fq_bytes(&px), plus_p(&py), s.clone()].concat()),
        ("(p, 0): infinity's encoding with x = p, scalar 0", [word(Fq::MODULUS), vec![0; 64]].concat()),
        ("(0, p): infinity's encoding with y = p", [vec![0; 32], word(Fq::MODULUS), s.clone()].concat()),
        ("(2^256 - 1, 2^256 - 1)", [vec![0xff; 64], s.clone()].concat()),
    ]
    .into_iter()
    .map(|(n, i)| failing(n, i, Reject::CoordinateNotBelowP));
    let off_curve = [
        ("P off the curve: (x, y + 1)", [fq_bytes(&px), fq_bytes(&(py + Fq::one())), s.clone()].concat()),
        ("P off the curve, scalar 0", [fq_bytes(&px), fq_bytes(&(py + Fq::one())), vec![0; 32]].concat()),
        ("P off the curve, scalar r", [fq_bytes(&px), fq_bytes(&(py + Fq::one())), word(r)].concat()),
        ("(0, 1): x = 0 but not infinity", [vec![0; 63], vec![1], s.clone()].concat()),
        ("the generator (1, 2) in little-endian bytes", [generator_little_endian(), s.clone()].concat()),
        ("32 bytes: P's x; y padded to 0", fq_bytes(&px)),
        ("50 bytes: P truncated inside y", g1_bytes(&p)[..50].to_vec()),
    ]
    .into_iter()
    .map(|(n, i)| failing(n, i, Reject::NotOnCurve));
    cases.extend(coordinate.chain(off_curve));
    cases
}

fn ec_pairing_cases(rng: &mut Rng) -> Vec<Made> {
    let (g, h) = (G1Affine::generator(), G2Affine::generator());
    let (o1, o2) = (G1Affine::zero(), G2Affine::zero());
    let (p, q) = (g1_random(rng), g2_random(rng));
    let (p2, q2) = (g1_random(rng), g2_random(rng));
    // ∏ e([aᵢ]G, [bᵢ]H) · e(−[Σ aᵢbᵢ]G, H) = 1
    let mut product_one = |k: usize| {
        let mut pairs = Vec::new();
        let mut sum = Fr::zero();
        for _ in 0..k - 1 {
            let (a, b) = (Fr::rand(rng), Fr::rand(rng));
            sum += a * b;
            pairs.push(((g * a).into_affine(), (h * b).into_affine()));
        }
        pairs.push(((g * -sum).into_affine(), h));
        pairs
    };
    let designed: Vec<(String, Pairs, bool)> = vec![
        ("e(G, H)".into(), vec![(g, h)], false),
        ("e(P, Q)".into(), vec![(p, q)], false),
        ("e(P, Q) e(P', Q')".into(), vec![(p, q), (p2, q2)], false),
        ("e(P, Q) e(P, Q) = e(P, Q)^2".into(), vec![(p, q), (p, q)], false),
        ("e(P, Q) e(-P, Q) = 1".into(), vec![(p, q), (-p, q)], true),
        ("e(P, Q) e(P, -Q) = 1".into(), vec![(p, q), (p, -q)], true),
        ("e([2]P, Q) e(-P, [2]Q) = 1".into(), vec![((p + p).into_affine(), q), (-p, (q + q).into_affine())], true),
        ("e([a]G, [b]H) e(-[ab]G, H) = 1 (k = 2)".into(), product_one(2), true),
        ("a product of 3 pairings that is 1".into(), product_one(3), true),
        ("a product of 4 pairings that is 1".into(), product_one(4), true),
        ("a product of 5 pairings that is 1".into(), product_one(5), true),
        ("e(O, Q) = 1: G1 at infinity".into(), vec![(o1, q)], true),
        ("e(P, O) = 1: G2 at infinity".into(), vec![(p, o2)], true),
        ("e(O, O) = 1".into(), vec![(o1, o2)], true),
        ("e(O, Q) e(P', Q'): the infinity pair is 1, the rest is not".into(), vec![(o1, q), (p2, q2)], false),
        ("e(P, O) e(P', Q') e(-P', Q') = 1".into(), vec![(p, o2), (p2, q2), (-p2, q2)], true),
        ("e(P, Q) e(O, O) e(-P, Q) = 1".into(), vec![(p, q), (o1, o2), (-p, q)], true),
    ];
    let mut cases = vec![valid("empty input: the empty product is 1", vec![], answer(true))];
    for (name, pairs, one) in designed {
        assert_eq!(product_is_one(&pairs), one, "{name}");
        cases.push(valid(name, pairs_bytes(&pairs), answer(one)));
    }
    let good = pairs_bytes(&[(p, q)]);
    let (px, py) = p.xy().unwrap();
    let (qx, qy) = q.xy().unwrap();
    let q_limbs = [qx.c1, qx.c0, qy.c1, qy.c0];
    let lengths = [
        ("1 byte", vec![0; 1]),
        ("191 bytes: a pair less its last byte", good[..191].to_vec()),
        ("193 bytes: a pair and a zero byte", [good.clone(), vec![0]].concat()),
        ("383 bytes: two pairs less a byte", [good.clone(), good[..191].to_vec()].concat()),
        ("385 bytes: two pairs (product 1) and a byte", [pairs_bytes(&[(p, q), (-p, q)]), vec![0]].concat()),
        ("64 bytes: a G1 point alone", g1_bytes(&p)),
        ("128 bytes: a G2 point alone", g2_bytes(&q)),
    ]
    .into_iter()
    .map(|(n, i)| failing(n, i, Reject::PairingLength));
    let mut coordinate = vec![
        failing(
            "G1 x replaced by x + p",
            [plus_p(&px), fq_bytes(&py), g2_bytes(&q)].concat(),
            Reject::CoordinateNotBelowP,
        ),
        failing(
            "G1 y replaced by y + p",
            [fq_bytes(&px), plus_p(&py), g2_bytes(&q)].concat(),
            Reject::CoordinateNotBelowP,
        ),
        failing(
            "G1 (p, 0): infinity's encoding with x = p",
            [word(Fq::MODULUS), vec![0; 32], g2_bytes(&q)].concat(),
            Reject::CoordinateNotBelowP,
        ),
    ];
    for (i, limb) in ["x_imaginary", "x_real", "y_imaginary", "y_real"].iter().enumerate() {
        let mut limbs: Vec<Vec<u8>> = q_limbs.iter().map(fq_bytes).collect();
        limbs[i] = plus_p(&q_limbs[i]);
        coordinate.push(failing(
            format!("G2 {limb} replaced by itself + p"),
            [g1_bytes(&p), limbs.concat()].concat(),
            Reject::CoordinateNotBelowP,
        ));
        let mut zero_limbs = vec![vec![0u8; 32]; 4];
        zero_limbs[i] = word(Fq::MODULUS);
        coordinate.push(failing(
            format!("G2 infinity's encoding with {limb} = p"),
            [g1_bytes(&p), zero_limbs.concat()].concat(),
            Reject::CoordinateNotBelowP,
        ));
    }
    // G2 in arkworks' c0 ‖ c1 order instead of EIP-197's c1 ‖ c0
    let swapped = [fq_bytes(&qx.c0), fq_bytes(&qx.c1), fq_bytes(&qy.c0), fq_bytes(&qy.c1)].concat();
    let generator_swapped = {
        let (hx, hy) = h.xy().unwrap();
        [fq_bytes(&hx.c0), fq_bytes(&hx.c1), fq_bytes(&hy.c0), fq_bytes(&hy.c1)].concat()
    };
    let off_twist = [fq_bytes(&qx.c1), fq_bytes(&qx.c0), fq_bytes(&qy.c1), fq_bytes(&(qy.c0 + Fq::one()))].concat();
    let off_curve = vec![
        failing(
            "G1 off the curve: (x, y + 1)",
            [fq_bytes(&px), fq_bytes(&(py + Fq::one())), g2_bytes(&q)].concat(),
            Reject::NotOnCurve,
        ),
        failing("G1 (0, 1): x = 0 but not infinity", [vec![0; 63], vec![1], g2_bytes(&q)].concat(), Reject::NotOnCurve),
        failing(
            "G1 off the curve beside G2 = O",
            [fq_bytes(&px), fq_bytes(&(py + Fq::one())), vec![0; 128]].concat(),
            Reject::NotOnCurve,
        ),
        failing("G2 off the twist: y_real + 1", [g1_bytes(&p), off_twist.clone()].concat(), Reject::NotOnCurve),
        failing("G2 off the twist beside G1 = O", [vec![0; 64], off_twist.clone()].concat(), Reject::NotOnCurve),
        failing("G2 in c0 || c1 order (x_real first)", [g1_bytes(&p), swapped].concat(), Reject::NotOnCurve),
        failing("the G2 generator in c0 || c1 order", [g1_bytes(&g), generator_swapped].concat(), Reject::NotOnCurve),
        failing(
            "a valid pair, then G2 off the twist",
            [good.clone(), g1_bytes(&p), off_twist].concat(),
            Reject::NotOnCurve,
        ),
    ];
    // G2 points on the twist outside G2 (E′(Fp2) has order h₂·r, h₂ = 2p − r)
    let random_twist = twist_point(rng);
    let torsion = random_twist.mul_bigint(Fr::MODULUS).into_affine(); // order divides h₂
    let subgroup_plus_torsion = (q + torsion).into_affine();
    for t in [random_twist, torsion, subgroup_plus_torsion] {
        assert_outside_g2(&t);
    }
    let subgroup = [
        ("G2 a random twist point (cofactor not cleared)", vec![(p, random_twist)]),
        ("G2 a random twist point beside G1 = O", vec![(o1, random_twist)]),
        ("G2 [r]T for a random twist point T: order dividing the cofactor", vec![(p, torsion)]),
        ("G2 [r]T beside G1 = O", vec![(o1, torsion)]),
        ("G2 Q + [r]T: a subgroup point plus cofactor torsion", vec![(p, subgroup_plus_torsion)]),
        ("a valid pair, then G2 outside the subgroup", vec![(p, q), (p2, random_twist)]),
        ("G2 outside the subgroup in a product that would be 1", vec![(p, random_twist), (-p, random_twist)]),
    ]
    .into_iter()
    .map(|(n, pairs)| failing(n, pairs_bytes(&pairs), Reject::NotInSubgroup));
    cases.extend(lengths.chain(coordinate).chain(off_curve).chain(subgroup));
    cases
}

// ---------------------------------------------------------------------------------------------
// The files

/// A JSON string literal.
fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// The cases as a vector file: go-ethereum's layout and key order (`Input`, `Expected`, `Name`,
/// `Gas` — EIP-1108's price; failing: `Input`, `ExpectedError`, `Name`).
fn file_text(op: Operation, cases: &[&Made]) -> String {
    let entries: Vec<String> = cases
        .iter()
        .map(|c| {
            let input = json_string(&hex::encode(&c.input));
            let name = json_string(&c.name);
            match &c.expected {
                Ok(out) => format!(
                    "  {{\n    \"Input\": {input},\n    \"Expected\": {},\n    \"Name\": {name},\n    \"Gas\": {}\n  }}",
                    json_string(&hex::encode(out)),
                    op.bn254_gas(c.input.len()).unwrap()
                ),
                Err(reason) => format!(
                    "  {{\n    \"Input\": {input},\n    \"ExpectedError\": {},\n    \"Name\": {name}\n  }}",
                    json_string(reason.text())
                ),
            }
        })
        .collect();
    format!("[\n{}\n]\n", entries.join(",\n"))
}

/// The made cases of `op`, each first checked against the model.
fn made_cases(op: Operation, rng: &mut Rng) -> Vec<Made> {
    let cases = match op {
        Operation::G1Add => ec_add_cases(rng),
        Operation::G1Mul => ec_mul_cases(rng),
        Operation::PairingCheck => ec_pairing_cases(rng),
        _ => unreachable!(),
    };
    let mut names = std::collections::HashSet::new();
    for c in &cases {
        assert!(names.insert(c.name.clone()), "{op}: case name {:?} twice", c.name);
        assert_eq!(model(op, &c.input), c.expected, "{op}: {}", c.name);
    }
    cases
}

const MADE_FILES: [(Operation, &str); 3] =
    [(Operation::G1Add, "ecadd"), (Operation::G1Mul, "ecmul"), (Operation::PairingCheck, "ecpairing")];

#[test]
fn adversarial_files_equal_arkworks() {
    let bless = evm384_testkit::bless();
    let dir = testdata("bn254");
    let mut rng = Rng::seed_from_u64(SEED);
    for (op, stem) in MADE_FILES {
        let cases = made_cases(op, &mut rng);
        let valid: Vec<&Made> = cases.iter().filter(|c| c.expected.is_ok()).collect();
        let failing: Vec<&Made> = cases.iter().filter(|c| c.expected.is_err()).collect();
        for (file, subset) in [(format!("{stem}.json"), valid), (format!("fail-{stem}.json"), failing)] {
            let text = file_text(op, &subset);
            let path = dir.join(&file);
            if bless {
                std::fs::write(&path, &text).unwrap();
            }
            let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(on_disk == text, "{file} differs from what arkworks gives (EVM384_BLESS=1 rewrites it)");
            assert_eq!(Operation::of_bn254_file(&file), Some(op));
            eprintln!("{file}: {} cases", subset.len());
        }
    }
}

#[test]
fn every_bn254_case_agrees_with_the_arkworks_model() {
    let mut counts = Vec::new();
    for op in [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck] {
        for (file, cases) in load_bn254_files(op).unwrap() {
            for case in &cases {
                let got = model(op, &case.input);
                match &case.expected {
                    Expected::Output(out) => assert_eq!(got, Ok(out.clone()), "{file} {}", case.name),
                    Expected::Error(reason) => {
                        assert_eq!(got.map_err(Reject::text), Err(reason.as_str()), "{file} {}", case.name)
                    }
                }
            }
            counts.push((file, cases.len()));
        }
    }
    eprintln!("cases agreeing with the arkworks model: {counts:?}");
}

/// The model's decoding on its own: EIP-197's G2 order against arkworks' generator, padding and
/// the scalar's full 256 bits.
#[test]
fn model_reads_eip197_encoding() {
    let h = G2Affine::generator();
    assert_eq!(read_g2(&g2_bytes(&h)), Ok(h));
    assert_eq!(read_g1(&g1_bytes(&G1Affine::generator())), Ok(G1Affine::generator()));
    assert_eq!(G1Affine::generator().xy(), Some((Fq::one(), Fq::from(2u8))));
    assert_eq!(read_g1(&[0; 64]), Ok(G1Affine::zero()));
    assert_eq!(read_g2(&[0; 128]), Ok(G2Affine::zero()));
    assert_eq!(padded(&[1, 2], 4), vec![1, 2, 0, 0]);
    assert_eq!(padded(&[1, 2, 3], 2), vec![1, 2]);
    assert_eq!(u256_of(&scalar_bytes(two_pow_256_minus_1())), two_pow_256_minus_1());
    assert_eq!(g1::Config::COEFF_B, Fq::from(3u8));
}
