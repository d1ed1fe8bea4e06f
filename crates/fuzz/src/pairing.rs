//! `evm384 fuzz pairing`: the pairing-check contract against revm's precompile 0x0f on
//! structured mutations of valid EIP-2537 inputs, and (`--curve bn254`) BN254's ecPairing
//! contract against revm's 0x08 on mutated EIP-197 inputs ([`bn254`]).
//!
//! A case is drawn from `(seed, index)`: k pairs (1..=16, mostly small; their product is one
//! or not), then one mutation of a class ([`Mutation`]; each curve's classes:
//! [`Mutation::of`]). The input goes to revm's precompile, to the contract in each instruction
//! set, and on BLS12-381 to 0x0f on this project's IFMA pairing (`evm384-precompile`); they
//! must agree on success or failure, and on the output when both succeed (a failure's gas and
//! reason differ by design: the precompile halts, the contract reverts or halts).

pub mod bn254;

use std::collections::BTreeMap;
use std::time::Instant;

use blst::*;
use evm384_build::{Contract, Formulas};
use evm384_evm::{Address, InstructionSet, Interface, RunOptions, Runner, Status, BLS12_PAIRING_CHECK};
use evm384_gen::curves::Curve;
use evm384_gen::Operation;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;

/// Bytes of one pair: G1 (2 × 64) ‖ G2 (4 × 64).
pub const PAIR: usize = 384;

/// The damage done to a valid input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mutation {
    /// None: a valid input (product one or not).
    Valid,
    /// One random bit flipped anywhere.
    BitFlip,
    /// A coordinate set to p.
    CoordinateP,
    /// A coordinate set to p + 1.
    #[serde(rename = "coordinate-p+1")]
    CoordinatePPlus1,
    /// A coordinate set to 2^381 − 1.
    #[serde(rename = "coordinate-2^381-1")]
    Coordinate2Pow381Minus1,
    /// A non-zero byte in a coordinate's 16 padding bytes.
    NonZeroPadding,
    /// A G1 point replaced by one on the curve outside the prime-order subgroup.
    G1OutsideSubgroup,
    /// A G2 point replaced likewise.
    G2OutsideSubgroup,
    /// A G1 point set to infinity (all zero).
    G1Infinity,
    /// A G2 point set to infinity.
    G2Infinity,
    /// Both points of a pair at infinity.
    BothInfinity,
    /// A length that is not a positive multiple of 384 (bytes cut or added, or empty; BN254: of
    /// 192, bytes cut or added).
    BadLength,
    /// BN254: a coordinate x replaced by x + p (the same residue, not canonical: EIP-197 asks
    /// every element < p).
    #[serde(rename = "coordinate-x+p")]
    CoordinatePlusP,
    /// BN254: a coordinate set to 2^256 − 1.
    #[serde(rename = "coordinate-2^256-1")]
    Coordinate2Pow256Minus1,
    /// BN254: G1's y replaced by y + 1 (off y² = x³ + 3).
    G1OffCurve,
    /// BN254: G2's y_real replaced by y_real + 1 (off the twist y² = x³ + 3/(9 + u)).
    G2OffTwist,
    /// BN254: G2 as x_real ‖ x_imaginary ‖ y_real ‖ y_imaginary (EIP-2537's order; EIP-197 puts
    /// the imaginary half first).
    SwappedG2Halves,
}

impl Mutation {
    /// BLS12-381's classes (EIP-2537), in the order cases draw them.
    pub const ALL: [Mutation; 12] = [
        Mutation::Valid,
        Mutation::BitFlip,
        Mutation::CoordinateP,
        Mutation::CoordinatePPlus1,
        Mutation::Coordinate2Pow381Minus1,
        Mutation::NonZeroPadding,
        Mutation::G1OutsideSubgroup,
        Mutation::G2OutsideSubgroup,
        Mutation::G1Infinity,
        Mutation::G2Infinity,
        Mutation::BothInfinity,
        Mutation::BadLength,
    ];

    /// BN254's classes (EIP-197: no padding, G1 of cofactor 1), in the order cases draw them.
    pub const BN254: [Mutation; 14] = [
        Mutation::Valid,
        Mutation::BitFlip,
        Mutation::CoordinateP,
        Mutation::CoordinatePPlus1,
        Mutation::CoordinatePlusP,
        Mutation::Coordinate2Pow256Minus1,
        Mutation::G1OffCurve,
        Mutation::G2OffTwist,
        Mutation::G2OutsideSubgroup,
        Mutation::G1Infinity,
        Mutation::G2Infinity,
        Mutation::BothInfinity,
        Mutation::SwappedG2Halves,
        Mutation::BadLength,
    ];

    /// The classes of `curve`'s cases: [`Mutation::BN254`] on BN254, [`Mutation::ALL`] else.
    pub fn of(curve: Curve) -> &'static [Mutation] {
        match curve {
            Curve::Bn254 => &Mutation::BN254,
            _ => &Mutation::ALL,
        }
    }

    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

/// One fuzz case.
#[derive(Clone, Debug)]
pub struct PairingCase {
    pub index: u64,
    pub k: usize,
    pub mutation: Mutation,
    pub input: Vec<u8>,
}

fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5041_4952;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn scalar(rng: &mut SmallRng) -> blst_scalar {
    let mut s = blst_scalar::default();
    let w: [u64; 4] = [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2];
    // SAFETY: blst reads four words and writes `s`.
    unsafe { blst_scalar_from_uint64(&mut s, w.as_ptr()) };
    s
}

fn put_g1(out: &mut [u8], p: &blst_p1_affine) {
    out[..128].copy_from_slice(&evm384_precompile::encode_g1(p));
}

fn put_g2(out: &mut [u8], q: &blst_p2_affine) {
    out[..256].copy_from_slice(&evm384_precompile::encode_g2(q));
}

/// [a]G1 and [b]G2 for random a, b; with `negate`, −[a]G1.
fn points(rng: &mut SmallRng) -> (blst_p1_affine, blst_p2_affine, blst_p1_affine) {
    let (a, b) = (scalar(rng), scalar(rng));
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let (mut p, mut q) = (blst_p1::default(), blst_p2::default());
        blst_p1_mult(&mut p, blst_p1_generator(), a.b.as_ptr(), 255);
        blst_p2_mult(&mut q, blst_p2_generator(), b.b.as_ptr(), 255);
        let (mut pa, mut qa, mut na) =
            (blst_p1_affine::default(), blst_p2_affine::default(), blst_p1_affine::default());
        blst_p1_to_affine(&mut pa, &p);
        blst_p2_to_affine(&mut qa, &q);
        blst_p1_cneg(&mut p, true);
        blst_p1_to_affine(&mut na, &p);
        (pa, qa, na)
    }
}

fn random_fp(rng: &mut SmallRng) -> blst_fp {
    let w: [u64; 6] = core::array::from_fn(|_| rng.gen());
    let mut fp = blst_fp::default();
    // SAFETY: blst reads six words (reducing them) and writes `fp`.
    unsafe { blst_fp_from_uint64(&mut fp, w.as_ptr()) };
    fp
}

/// A point of E(Fp): y² = x³ + 4 outside G1 (x random until x³ + 4 is a square).
pub fn g1_outside_subgroup(rng: &mut SmallRng) -> blst_p1_affine {
    loop {
        let x = random_fp(rng);
        // SAFETY: blst field arithmetic on locals.
        unsafe {
            let (mut rhs, mut y, mut four) = (blst_fp::default(), blst_fp::default(), blst_fp::default());
            blst_fp_from_uint64(&mut four, [4u64, 0, 0, 0, 0, 0].as_ptr());
            blst_fp_sqr(&mut rhs, &x);
            blst_fp_mul(&mut rhs, &rhs, &x);
            blst_fp_add(&mut rhs, &rhs, &four);
            if blst_fp_sqrt(&mut y, &rhs) {
                let p = blst_p1_affine { x, y };
                if blst_p1_affine_on_curve(&p) && !blst_p1_affine_in_g1(&p) {
                    return p;
                }
            }
        }
    }
}

/// A point of E'(Fp2): y² = x³ + 4(1 + u) outside G2.
pub fn g2_outside_subgroup(rng: &mut SmallRng) -> blst_p2_affine {
    loop {
        let x = blst_fp2 { fp: [random_fp(rng), random_fp(rng)] };
        // SAFETY: blst field arithmetic on locals.
        unsafe {
            let (mut rhs, mut y, mut four) = (blst_fp2::default(), blst_fp2::default(), blst_fp::default());
            blst_fp_from_uint64(&mut four, [4u64, 0, 0, 0, 0, 0].as_ptr());
            let b = blst_fp2 { fp: [four, four] };
            blst_fp2_sqr(&mut rhs, &x);
            blst_fp2_mul(&mut rhs, &rhs, &x);
            blst_fp2_add(&mut rhs, &rhs, &b);
            if blst_fp2_sqrt(&mut y, &rhs) {
                let q = blst_p2_affine { x, y };
                if blst_p2_affine_on_curve(&q) && !blst_p2_affine_in_g2(&q) {
                    return q;
                }
            }
        }
    }
}

/// p − 1 + `delta` (delta ≤ 2: p − 1, p, p + 1) as 48 big-endian bytes.
fn p_minus_one_plus(delta: u8) -> [u8; 48] {
    let mut b = [0u8; 48];
    // SAFETY: blst negates one into p − 1 and writes 48 bytes.
    unsafe {
        let (mut one, mut m) = (blst_fp::default(), blst_fp::default());
        blst_fp_from_uint64(&mut one, [1u64, 0, 0, 0, 0, 0].as_ptr());
        blst_fp_cneg(&mut m, &one, true);
        blst_bendian_from_fp(b.as_mut_ptr(), &m);
    }
    let mut carry = delta as u16;
    for x in b.iter_mut().rev() {
        let s = *x as u16 + carry;
        *x = s as u8;
        carry = s >> 8;
    }
    b
}

/// The number of pairs: mostly 1..=3, sometimes up to `max_k`.
fn pair_count(rng: &mut SmallRng, max_k: usize) -> usize {
    if rng.gen_bool(0.9) {
        rng.gen_range(1..=3.min(max_k))
    } else {
        rng.gen_range(1..=max_k)
    }
}

/// Case `index` of the stream `seed` on `curve` (k at most `max_k`): [`bn254::case`] on BN254,
/// BLS12-381's [`case`] on any other (only curves with a precompile are fuzzed:
/// [`precompile_address`]).
pub fn case_on(curve: Curve, seed: u64, index: u64, max_k: usize) -> PairingCase {
    match curve {
        Curve::Bn254 => bn254::case(seed, index, max_k),
        _ => case(seed, index, max_k),
    }
}

/// Case `index` of the stream `seed` on BLS12-381 (k at most `max_k`).
pub fn case(seed: u64, index: u64, max_k: usize) -> PairingCase {
    let mut rng = SmallRng::seed_from_u64(mix(seed, index));
    let k = pair_count(&mut rng, max_k.max(1));
    // Pairs (P, Q), (−P, Q), …: the product is one; an odd k or a coin flip leaves one random.
    let mut input = vec![0u8; k * PAIR];
    let balanced = rng.gen_bool(0.5);
    let mut i = 0;
    while i < k {
        let (p, q, np) = points(&mut rng);
        put_g1(&mut input[i * PAIR..], &p);
        put_g2(&mut input[i * PAIR + 128..], &q);
        if balanced && i + 1 < k {
            put_g1(&mut input[(i + 1) * PAIR..], &np);
            put_g2(&mut input[(i + 1) * PAIR + 128..], &q);
            i += 1;
        }
        i += 1;
    }
    let mutation = Mutation::ALL[rng.gen_range(0..Mutation::ALL.len())];
    let pair = rng.gen_range(0..k) * PAIR;
    let coordinate = pair + 64 * rng.gen_range(0..6);
    match mutation {
        Mutation::Valid => {}
        Mutation::BitFlip => {
            let bit = rng.gen_range(0..input.len() * 8);
            input[bit / 8] ^= 1 << (bit % 8);
        }
        Mutation::CoordinateP | Mutation::CoordinatePPlus1 => {
            let v = p_minus_one_plus(if mutation == Mutation::CoordinateP { 1 } else { 2 });
            input[coordinate + 16..coordinate + 64].copy_from_slice(&v);
        }
        Mutation::Coordinate2Pow381Minus1 => {
            input[coordinate + 16] = 0x1f;
            input[coordinate + 17..coordinate + 64].fill(0xff);
        }
        Mutation::NonZeroPadding => input[coordinate + rng.gen_range(0..16)] = rng.gen_range(1..=255),
        Mutation::G1OutsideSubgroup => put_g1(&mut input[pair..], &g1_outside_subgroup(&mut rng)),
        Mutation::G2OutsideSubgroup => put_g2(&mut input[pair + 128..], &g2_outside_subgroup(&mut rng)),
        Mutation::G1Infinity => input[pair..pair + 128].fill(0),
        Mutation::G2Infinity => input[pair + 128..pair + PAIR].fill(0),
        Mutation::BothInfinity => input[pair..pair + PAIR].fill(0),
        Mutation::BadLength => match rng.gen_range(0..3) {
            0 => input.truncate(input.len() - rng.gen_range(1..PAIR)),
            1 => input.extend((0..rng.gen_range(1..PAIR)).map(|_| rng.gen::<u8>())),
            _ => input.clear(),
        },
        // BN254's classes ([`Mutation::BN254`]): never drawn here
        Mutation::CoordinatePlusP
        | Mutation::Coordinate2Pow256Minus1
        | Mutation::G1OffCurve
        | Mutation::G2OffTwist
        | Mutation::SwappedG2Halves => {}
    }
    PairingCase { index, k, mutation, input }
}

/// What one implementation answered: success with its output, or failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Success(Vec<u8>),
    Failure,
}

/// The address of `curve`'s pairing precompile in revm: EIP-2537's PAIRING_CHECK 0x0f
/// (BLS12-381), EIP-197's ecPairing 0x08 (BN254); none for BLS12-377 (EIP-2539 is not in revm).
pub fn precompile_address(curve: Curve) -> Result<Address, String> {
    match curve {
        Curve::Bls12_381 => Ok(BLS12_PAIRING_CHECK),
        Curve::Bn254 => {
            let mut at = [0u8; 20];
            at[19] = Operation::PairingCheck.bn254_address_byte().unwrap_or(0x08);
            Ok(Address::new(at))
        }
        Curve::Bls12_377 => {
            Err(format!("{curve} has no pairing precompile in revm (EIP-2539): nothing to fuzz against"))
        }
    }
}

/// The runtime code of `curve`'s pairing check in each instruction set, as `evm384 build
/// pairing-check --curve` emits it by default (`Formulas::build_default`, the cheapest build),
/// or why there is none.
pub fn contract_codes(curve: Curve, isas: &[InstructionSet]) -> Result<Vec<(InstructionSet, Vec<u8>)>, String> {
    precompile_address(curve)?;
    isas.iter()
        .map(|&isa| {
            let formulas = Formulas::build_default(Operation::PairingCheck, isa);
            Operation::PairingCheck.runtime_code(curve, isa, formulas).map(|code| (isa, code))
        })
        .collect()
}

/// revm's precompile of a curve (0x0f, 0x08), the contract in each instruction set, and on
/// BLS12-381 0x0f replaced by `evm384-precompile` (the IFMA pairing behind revm's input rules),
/// in one thread's revm instances.
pub struct PairingTargets {
    address: Address,
    precompile: Runner,
    precompile_ifma: Option<Runner>,
    contracts: Vec<(InstructionSet, Runner)>,
}

impl PairingTargets {
    /// BLS12-381: the contract `evm384 build pairing-check` emits by default in each interface
    /// (`evm384_build::Formulas::cheapest`), and `evm384-precompile`'s 0x0f.
    pub fn new(interfaces: &[Interface]) -> PairingTargets {
        let codes: Vec<(InstructionSet, Vec<u8>)> = interfaces
            .iter()
            .map(|&i| (InstructionSet::from(i), evm384_build::Formulas::cheapest(i).runtime_code(Curve::Bls12_381, i)))
            .collect();
        PairingTargets::at(Curve::Bls12_381, BLS12_PAIRING_CHECK, &codes)
    }

    /// `curve`'s precompile and the contracts `codes` (from [`contract_codes`]), and on
    /// BLS12-381 `evm384-precompile`'s 0x0f; an error for a curve without a precompile.
    pub fn with_contracts(curve: Curve, codes: &[(InstructionSet, Vec<u8>)]) -> Result<PairingTargets, String> {
        Ok(PairingTargets::at(curve, precompile_address(curve)?, codes))
    }

    /// The targets with `curve`'s precompile at `address`.
    fn at(curve: Curve, address: Address, codes: &[(InstructionSet, Vec<u8>)]) -> PairingTargets {
        let opts = |isa| RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(isa);
        let contracts = codes
            .iter()
            .map(|(isa, code)| {
                let mut r = Runner::new(opts(*isa));
                r.deploy(code);
                (*isa, r)
            })
            .collect();
        let v7 = InstructionSet::Evm384(Interface::V7);
        let precompile_ifma = (curve == Curve::Bls12_381).then(|| {
            let mut r = Runner::new(opts(v7));
            r.set_precompiles(evm384_precompile::precompiles(r.options().spec));
            r
        });
        PairingTargets { address, precompile: Runner::new(opts(v7)), precompile_ifma, contracts }
    }

    fn answer(ex: Result<evm384_evm::Execution, evm384_evm::RunError>) -> Answer {
        match ex {
            Ok(ex) if ex.status == Status::Success => Answer::Success(ex.output),
            _ => Answer::Failure,
        }
    }

    /// revm's precompile's answer, and every other target's: each contract (by its instruction
    /// set's name) and on BLS12-381 `precompile-ifma`.
    pub fn run(&mut self, input: &[u8]) -> (Answer, Vec<(&'static str, Answer)>) {
        let want = Self::answer(self.precompile.call(self.address, input));
        let mut got: Vec<(&'static str, Answer)> =
            self.contracts.iter_mut().map(|(i, r)| (i.name(), Self::answer(r.run(input)))).collect();
        if let Some(ifma) = &mut self.precompile_ifma {
            got.push(("precompile-ifma", Self::answer(ifma.call(self.address, input))));
        }
        (want, got)
    }
}

/// A case on which a contract and the precompile disagree.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub seed: u64,
    pub index: u64,
    /// `v7`, `v8`, `v9`, `evmmax` (the contract) or `precompile-ifma`.
    pub target: &'static str,
    pub mutation: String,
    pub precompile: String,
    pub contract: String,
    /// The input as hex.
    pub input: String,
}

/// Counts for one mutation class.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ClassCount {
    pub cases: u64,
    /// Of which the precompile rejected.
    pub rejected: u64,
    /// Share of all cases.
    pub share: f64,
}

/// How a run went.
#[derive(Clone, Debug, Serialize)]
pub struct PairingReport {
    /// `bls12-381` (against revm's 0x0f) or `bn254` (against revm's 0x08).
    pub curve: &'static str,
    pub cases: u64,
    pub disagreements: u64,
    pub seconds: f64,
    pub seed: u64,
    pub first_case: u64,
    pub max_k: usize,
    pub interfaces: Vec<&'static str>,
    pub threads: usize,
    pub by_mutation: BTreeMap<String, ClassCount>,
    /// Cases by number of pairs.
    pub by_k: BTreeMap<usize, u64>,
    pub first_disagreements: Vec<Disagreement>,
}

fn describe(a: &Answer) -> String {
    match a {
        Answer::Success(out) => format!("success 0x{}", hex::encode(out)),
        Answer::Failure => "failure".into(),
    }
}

/// Checks one case: the disagreements, and whether the precompile rejected it.
pub fn check(seed: u64, c: &PairingCase, targets: &mut PairingTargets) -> (Vec<Disagreement>, bool) {
    let (want, got) = targets.run(&c.input);
    let bad = got
        .into_iter()
        .filter(|(_, a)| *a != want)
        .map(|(target, a)| Disagreement {
            seed,
            index: c.index,
            target,
            mutation: c.mutation.name(),
            precompile: describe(&want),
            contract: describe(&a),
            input: hex::encode(&c.input),
        })
        .collect();
    (bad, want == Answer::Failure)
}

#[derive(Default)]
struct Tally {
    by_mutation: BTreeMap<Mutation, (u64, u64)>,
    by_k: BTreeMap<usize, u64>,
    disagreements: u64,
    first: Vec<Disagreement>,
}

/// Runs cases `first_case .. first_case + cases` of stream `seed` on `curve` on rayon's pool,
/// the contract in each of `isas`; `progress(1)` after each case. An error for a curve without
/// a precompile or a contract that cannot be built.
pub fn fuzz_pairing(
    curve: Curve,
    seed: u64,
    first_case: u64,
    cases: u64,
    max_k: usize,
    isas: &[InstructionSet],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PairingReport, String> {
    let codes = contract_codes(curve, isas)?;
    let address = precompile_address(curve)?;
    let start = Instant::now();
    let tally = (first_case..first_case + cases)
        .into_par_iter()
        .map_init(
            || PairingTargets::at(curve, address, &codes),
            |targets, index| {
                let c = case_on(curve, seed, index, max_k);
                let (bad, rejected) = check(seed, &c, targets);
                progress(1);
                let mut t = Tally::default();
                *t.by_mutation.entry(c.mutation).or_default() = (1, rejected as u64);
                *t.by_k.entry(c.k).or_default() += 1;
                t.disagreements = !bad.is_empty() as u64;
                t.first = bad;
                t
            },
        )
        .reduce(Tally::default, |mut a, b| {
            for (m, (n, r)) in b.by_mutation {
                let e = a.by_mutation.entry(m).or_default();
                e.0 += n;
                e.1 += r;
            }
            for (k, n) in b.by_k {
                *a.by_k.entry(k).or_default() += n;
            }
            a.disagreements += b.disagreements;
            a.first.extend(b.first);
            a.first.sort_by_key(|d| d.index);
            a.first.truncate(10);
            a
        });
    let total: u64 = tally.by_mutation.values().map(|v| v.0).sum();
    Ok(PairingReport {
        curve: curve.name(),
        cases: total,
        disagreements: tally.disagreements,
        seconds: start.elapsed().as_secs_f64(),
        seed,
        first_case,
        max_k,
        interfaces: isas.iter().map(|i| i.name()).collect(),
        threads: rayon::current_num_threads(),
        by_mutation: tally
            .by_mutation
            .iter()
            .map(|(m, &(n, r))| (m.name(), ClassCount { cases: n, rejected: r, share: n as f64 / total.max(1) as f64 }))
            .collect(),
        by_k: tally.by_k,
        first_disagreements: tally.first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mutation_class_is_drawn_and_does_what_it_says() {
        let cs: Vec<PairingCase> = (0..400).map(|i| case(11, i, 16)).collect();
        for m in Mutation::ALL {
            assert!(cs.iter().any(|c| c.mutation == m), "{m:?} never drawn");
        }
        assert!(cs.iter().any(|c| c.k > 3));
        for c in &cs {
            match c.mutation {
                Mutation::BadLength => assert!(c.input.is_empty() || c.input.len() % PAIR != 0),
                _ => assert_eq!(c.input.len(), c.k * PAIR),
            }
        }
        // Reproducible.
        assert_eq!(case(11, 5, 16).input, case(11, 5, 16).input);
    }

    #[test]
    fn outside_subgroup_points_are_on_the_curve() {
        let mut rng = SmallRng::seed_from_u64(1);
        let p = g1_outside_subgroup(&mut rng);
        let q = g2_outside_subgroup(&mut rng);
        // SAFETY: blst reads the points.
        unsafe {
            assert!(blst_p1_affine_on_curve(&p) && !blst_p1_affine_in_g1(&p));
            assert!(blst_p2_affine_on_curve(&q) && !blst_p2_affine_in_g2(&q));
        }
    }

    #[test]
    fn a_disagreement_is_reported() {
        // A contract that always returns 32 zero bytes: it disagrees with 0x0f on every valid
        // input whose product is one and on every rejected input.
        let mut targets = PairingTargets::new(&[Interface::V7]);
        let always_false = [0x60, 0x20, 0x60, 0x00, 0xf3]; // RETURN(0, 32) of fresh memory
        targets.contracts[0].1.deploy(&always_false);
        let c = PairingCase { index: 0, k: 1, mutation: Mutation::BadLength, input: vec![1, 2, 3] };
        let (bad, rejected) = check(1, &c, &mut targets);
        assert!(rejected);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].contract, format!("success 0x{}", "00".repeat(32)));
    }

    /// `evm384 fuzz pairing --curve bn254` in short: BN254's ecPairing contract in v7, v9,
    /// EVMMAX and today's EVM against revm's 0x08 (EIP-197), no disagreement (long mode:
    /// `EVM384_LONG_TESTS=1`).
    #[test]
    fn bn254_contracts_agree_with_revm_0x08() {
        let long = evm384_testkit::long_mode();
        let cases = if long { 600 } else { 40 };
        let isas = [
            InstructionSet::Evm384(Interface::V7),
            InstructionSet::Evm384(Interface::V9),
            InstructionSet::Evmmax,
            InstructionSet::Evm,
        ];
        let report = fuzz_pairing(Curve::Bn254, 197, 0, cases, 4, &isas, &|_| {}).expect("BN254 has 0x08");
        for d in &report.first_disagreements {
            eprintln!("DISAGREEMENT {}", serde_json::to_string(d).unwrap_or_default());
        }
        assert_eq!((report.cases, report.disagreements), (cases, 0));
        assert_eq!((report.curve, report.interfaces.as_slice()), ("bn254", &["v7", "v9", "evmmax", "evm"][..]));
        let rejected: u64 = report.by_mutation.values().map(|c| c.rejected).sum();
        let accepted = cases - rejected;
        assert!(rejected > cases / 4 && accepted > cases / 8, "{accepted} accepted, {rejected} rejected by 0x08");
        assert!(report.by_mutation.keys().all(|m| Mutation::BN254.iter().any(|b| b.name() == *m)));
    }

    #[test]
    fn a_bn254_disagreement_is_reported() {
        // The empty input is one under EIP-197; a contract that returns 32 zero bytes says not.
        let always_false = [0x60, 0x20, 0x60, 0x00, 0xf3]; // RETURN(0, 32) of fresh memory
        let codes = [(InstructionSet::Evmmax, always_false.to_vec())];
        let mut targets = PairingTargets::with_contracts(Curve::Bn254, &codes).expect("BN254 has 0x08");
        let c = PairingCase { index: 0, k: 0, mutation: Mutation::Valid, input: vec![] };
        let (bad, rejected) = check(1, &c, &mut targets);
        assert!(!rejected);
        assert_eq!(bad.len(), 1);
        assert_eq!(
            (bad[0].target, bad[0].precompile.as_str()),
            ("evmmax", &*format!("success 0x{}01", "00".repeat(31)))
        );
    }

    #[test]
    fn a_curve_without_a_precompile_is_an_error() {
        let v7 = [InstructionSet::Evm384(Interface::V7)];
        let err = fuzz_pairing(Curve::Bls12_377, 1, 0, 1, 2, &v7, &|_| {}).expect_err("no 0x0f for BLS12-377");
        assert!(err.contains("bls12-377"), "{err}");
    }
}
