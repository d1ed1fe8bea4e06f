//! A second curve through the same generator: BLS12-377's EIP-2539 operations as contracts
//! (G1ADD, G1MUL, G1MULTIEXP, G2ADD, G2MUL, G2MULTIEXP, PAIRING; EIP-2539 specifies no map to
//! the curve), with no precompile to compare against. Gas in v7, v8, v9 under every schedule and
//! EVMMAX under EIP-6690's prices beside EIP-2539's proposed price; runtime of the contracts
//! beside arkworks (`ark-bls12-377`, doing the precompile's work natively: decoding, the checks
//! EIP-2539 asks for, the operation, the encoding) and beside the BLS12-381 contract of the same
//! operation on an input of the same shape, measured together by the project's harness. Every
//! contract's output must equal arkworks'.

use ark_bls12_377::{Bls12_377, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup, VariableBaseMSM};
use ark_ff::{BigInteger, One, PrimeField, Zero};
use evm384_build::{Contract, Formulas, Operation, HINTED_FORMULAS};
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_gen::curves::Curve;
use evm384_timing::{measure, Plan, Ratio};

use crate::baseline::SplitMix64;
use crate::collect::operations::{SETS, TIMED};
use crate::optimize::EIP6690;
use crate::results::{CurveGasRow, CurveTimeRow};

/// The curve this section measures.
pub const CURVE: Curve = Curve::Bls12_377;

/// EIP-2539's operations, in table order.
pub const OPERATIONS: [Operation; 7] = [
    Operation::G1Add,
    Operation::G1Mul,
    Operation::G1Msm,
    Operation::G2Add,
    Operation::G2Mul,
    Operation::G2Msm,
    Operation::PairingCheck,
];

/// EIP-2539's discount table for MULTIEXP, k = 1..128 (per mille; 174 beyond).
const DISCOUNT: [u64; 128] = [
    1200, 888, 764, 641, 594, 547, 500, 453, 438, 423, 408, 394, 379, 364, 349, 334, 330, 326, 322, 318, 314, 310, 306,
    302, 298, 294, 289, 285, 281, 277, 273, 269, 268, 266, 265, 263, 262, 260, 259, 257, 256, 254, 253, 251, 250, 248,
    247, 245, 244, 242, 241, 239, 238, 236, 235, 233, 232, 231, 229, 228, 226, 225, 223, 222, 221, 220, 219, 219, 218,
    217, 216, 216, 215, 214, 213, 213, 212, 211, 211, 210, 209, 208, 208, 207, 206, 205, 205, 204, 203, 202, 202, 201,
    200, 199, 199, 198, 197, 196, 196, 195, 194, 193, 193, 192, 191, 191, 190, 189, 188, 188, 187, 186, 185, 185, 184,
    183, 182, 182, 181, 180, 179, 179, 178, 177, 176, 176, 175, 174,
];

/// EIP-2539's proposed price of `op` on `k` points or pairs: G1ADD 600, G1MUL 12,000, G2ADD
/// 4,500, G2MUL 55,000, MULTIEXP k·(MUL price)·discount(k)/1000, PAIRING 55,000·k + 65,000.
pub fn eip2539_price(op: Operation, k: u64) -> u64 {
    let discount = || DISCOUNT.get(k as usize - 1).copied().unwrap_or(174);
    match op {
        Operation::G1Add => 600,
        Operation::G1Mul => 12_000,
        Operation::G2Add => 4_500,
        Operation::G2Mul => 55_000,
        Operation::G1Msm => k * 12_000 * discount() / 1000,
        Operation::G2Msm => k * 55_000 * discount() / 1000,
        Operation::PairingCheck => 55_000 * k + 65_000,
        Operation::MapFpToG1 | Operation::MapFp2ToG2 => unreachable!("EIP-2539 specifies no map to the curve"),
    }
}

/// Input sizes measured: points for the MULTIEXPs, pairs for the pairing, 1 otherwise.
pub fn sizes(op: Operation, quick: bool) -> Vec<u64> {
    match op {
        Operation::G1Msm | Operation::G2Msm if quick => vec![1, 2],
        Operation::G1Msm | Operation::G2Msm => vec![1, 2, 4, 8, 16, 32, 64, 128],
        Operation::PairingCheck if quick => vec![1, 2],
        Operation::PairingCheck => (1..=8).collect(),
        _ => vec![1],
    }
}

// ---- EIP-2539's encoding, in arkworks' types --------------------------------------------------

fn fq_bytes(x: &Fq) -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out.extend(x.into_bigint().to_bytes_be());
    out
}

fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 128],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

fn g2_bytes(p: &G2Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 256],
        Some((x, y)) => [fq_bytes(&x.c0), fq_bytes(&x.c1), fq_bytes(&y.c0), fq_bytes(&y.c1)].concat(),
    }
}

/// A canonical field element (16 zero bytes, then a value below p), or `None`.
fn fq_of(b: &[u8]) -> Option<Fq> {
    if b[..16].iter().any(|&x| x != 0) {
        return None;
    }
    let mut limbs = [0u64; 6];
    for (i, chunk) in b[16..].chunks(8).rev().enumerate() {
        limbs[i] = u64::from_be_bytes(chunk.try_into().expect("8 bytes"));
    }
    Fq::from_bigint(ark_ff::BigInt(limbs))
}

/// A point of E(Fp), or `None` (bad encoding, off the curve); `subgroup` adds the G1 check.
fn g1_of(b: &[u8], subgroup: bool) -> Option<G1Affine> {
    let (x, y) = (fq_of(&b[..64])?, fq_of(&b[64..128])?);
    if x.is_zero() && y.is_zero() {
        return Some(G1Affine::zero());
    }
    let p = G1Affine::new_unchecked(x, y);
    (p.is_on_curve() && (!subgroup || p.is_in_correct_subgroup_assuming_on_curve())).then_some(p)
}

/// A point of E′(Fp2), or `None`; `subgroup` adds the G2 check.
fn g2_of(b: &[u8], subgroup: bool) -> Option<G2Affine> {
    let f = |i: usize| fq_of(&b[64 * i..64 * i + 64]);
    let (x, y) = (Fq2::new(f(0)?, f(1)?), Fq2::new(f(2)?, f(3)?));
    if x.is_zero() && y.is_zero() {
        return Some(G2Affine::zero());
    }
    let q = G2Affine::new_unchecked(x, y);
    (q.is_on_curve() && (!subgroup || q.is_in_correct_subgroup_assuming_on_curve())).then_some(q)
}

/// The 32-byte scalar as arkworks' scalar field element (the inputs' points are in the
/// subgroups, so reducing it mod r is arkworks' best on this work).
fn fr_of(b: &[u8]) -> Fr {
    Fr::from_be_bytes_mod_order(b)
}

/// EIP-2539's operation `op` computed by arkworks: the precompile's work natively. `None`
/// where the precompile fails.
pub fn arkworks(op: Operation, input: &[u8]) -> Option<Vec<u8>> {
    let g1_record = 128 + 32;
    let g2_record = 256 + 32;
    match op {
        Operation::G1Add if input.len() == 256 => {
            Some(g1_bytes(&(g1_of(&input[..128], false)? + g1_of(&input[128..], false)?).into_affine()))
        }
        Operation::G2Add if input.len() == 512 => {
            Some(g2_bytes(&(g2_of(&input[..256], false)? + g2_of(&input[256..], false)?).into_affine()))
        }
        Operation::G1Mul | Operation::G1Msm if !input.is_empty() && input.len().is_multiple_of(g1_record) => {
            if op == Operation::G1Mul && input.len() != g1_record {
                return None;
            }
            let recs: Option<Vec<(G1Affine, Fr)>> =
                input.chunks(g1_record).map(|c| Some((g1_of(&c[..128], false)?, fr_of(&c[128..])))).collect();
            let (bases, scalars): (Vec<_>, Vec<_>) = recs?.into_iter().unzip();
            Some(g1_bytes(&G1Projective::msm(&bases, &scalars).ok()?.into_affine()))
        }
        Operation::G2Mul | Operation::G2Msm if !input.is_empty() && input.len().is_multiple_of(g2_record) => {
            if op == Operation::G2Mul && input.len() != g2_record {
                return None;
            }
            let recs: Option<Vec<(G2Affine, Fr)>> =
                input.chunks(g2_record).map(|c| Some((g2_of(&c[..256], false)?, fr_of(&c[256..])))).collect();
            let (bases, scalars): (Vec<_>, Vec<_>) = recs?.into_iter().unzip();
            Some(g2_bytes(&G2Projective::msm(&bases, &scalars).ok()?.into_affine()))
        }
        Operation::PairingCheck if !input.is_empty() && input.len().is_multiple_of(384) => {
            let pairs: Option<Vec<(G1Affine, G2Affine)>> =
                input.chunks(384).map(|c| Some((g1_of(&c[..128], true)?, g2_of(&c[128..], true)?))).collect();
            let (ps, qs): (Vec<_>, Vec<_>) = pairs?.into_iter().unzip();
            let one = Bls12_377::multi_pairing(ps, qs).0.is_one();
            let mut out = vec![0u8; 32];
            out[31] = one as u8;
            Some(out)
        }
        _ => None,
    }
}

/// A deterministic 256-bit scalar (most of them above r: EIP-2539 leaves them unreduced).
fn scalar(i: u64) -> [u8; 32] {
    let mut g = SplitMix64(0x2539_5ca1 ^ i << 32);
    let mut out = [0u8; 32];
    for w in out.chunks_mut(8) {
        w.copy_from_slice(&g.next_u64().to_be_bytes());
    }
    out
}

fn g1_point(i: u64) -> G1Affine {
    (G1Projective::generator() * Fr::from(0x2539_0001 + i)).into_affine()
}

fn g2_point(i: u64) -> G2Affine {
    (G2Projective::generator() * Fr::from(0x2539_0001 + i)).into_affine()
}

/// The measured input of `op` at size `k`: the additions two distinct subgroup points; MUL and
/// MULTIEXP k distinct subgroup points with full 256-bit scalars; the pairing k pairs whose
/// product is one (e(aᵢG, bᵢH) for i < k, then e(−(Σ aᵢbᵢ)G, H)).
pub fn input(op: Operation, k: u64) -> Vec<u8> {
    match op {
        Operation::G1Add => [g1_bytes(&g1_point(0)), g1_bytes(&g1_point(1))].concat(),
        Operation::G2Add => [g2_bytes(&g2_point(0)), g2_bytes(&g2_point(1))].concat(),
        Operation::G1Mul | Operation::G1Msm => {
            (0..k).flat_map(|i| [g1_bytes(&g1_point(i)), scalar(i).to_vec()].concat()).collect()
        }
        Operation::G2Mul | Operation::G2Msm => {
            (0..k).flat_map(|i| [g2_bytes(&g2_point(i)), scalar(i).to_vec()].concat()).collect()
        }
        Operation::PairingCheck => {
            let (g, h) = (G1Projective::generator(), G2Projective::generator());
            let mut sum = Fr::zero();
            let mut out = Vec::new();
            for i in 0..k - 1 {
                let (a, b) = (Fr::from(0x2539_a000 + i), Fr::from(0x2539_b000 + i));
                sum += a * b;
                out.extend(g1_bytes(&(g * a).into_affine()));
                out.extend(g2_bytes(&(h * b).into_affine()));
            }
            let last = if k == 1 { Fr::from(0x2539_a000u64) } else { -sum };
            out.extend(g1_bytes(&(g * last).into_affine()));
            out.extend(g2_bytes(&h.into_affine()));
            out
        }
        Operation::MapFpToG1 | Operation::MapFp2ToG2 => unreachable!("EIP-2539 specifies no map to the curve"),
    }
}

/// The BLS12-381 operation doing the same work (G1MUL: G1MSM with one pair) and its input of
/// the same shape.
fn bls12_381_counterpart(op: Operation, k: u64) -> (Operation, Vec<u8>) {
    match op {
        Operation::G1Mul => (Operation::G1Msm, crate::collect::operations::input(Operation::G1Msm, 1)),
        Operation::G2Mul => (Operation::G2Msm, crate::collect::operations::input(Operation::G2Msm, 1)),
        Operation::PairingCheck => (op, crate::baseline::pairing_input(k as usize, 0x5eed_2539)),
        _ => (op, crate::collect::operations::input(op, k)),
    }
}

fn deployed(isa: InstructionSet, code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

/// The name of the hinted pairing check's rows (eprint 2024/640; not an EIP-2539 operation: its
/// calldata is a witness ‖ PAIRING's input, its price PAIRING's).
pub const HINTED: &str = "pairing-check-hinted";

/// One row's contracts and input, with what they are compared with.
struct Subject<'a> {
    /// The rows' operation name.
    name: &'a str,
    /// The contracts per instruction set.
    codes: &'a [(InstructionSet, Vec<u8>)],
    /// The contracts' calldata and the output they must return (arkworks').
    input: Vec<u8>,
    expected: Vec<u8>,
    /// EIP-2539's operation whose price and arkworks run are the baseline, and its input.
    priced: (Operation, Vec<u8>),
    /// The BLS12-381 contract (v9) doing the same work, and its calldata.
    counterpart: (Vec<u8>, Vec<u8>),
}

/// Gas and runtime rows of every operation of [`OPERATIONS`] at each of its [`sizes`], and of
/// the hinted pairing check at the pairing's sizes from k = 2 (a witness exists only for a
/// product of one).
pub fn curves(
    plan: Plan,
    quick: bool,
    progress: &mut dyn FnMut(String),
) -> Result<(Vec<CurveGasRow>, Vec<CurveTimeRow>), String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    let v9 = InstructionSet::Evm384(Interface::V9);
    for op in OPERATIONS {
        progress(format!("{CURVE} {op}: building the contracts"));
        let codes: Vec<(InstructionSet, Vec<u8>)> = SETS
            .iter()
            .map(|&isa| Ok((isa, op.runtime_code(CURVE, isa, Formulas::build_default(op, isa))?)))
            .collect::<Result<_, String>>()?;
        for k in sizes(op, quick) {
            progress(format!("{CURVE} {op} at k = {k}"));
            let input = input(op, k);
            let expected = arkworks(op, &input).ok_or_else(|| format!("{CURVE} {op}: arkworks rejects the input"))?;
            let (op381, input381) = bls12_381_counterpart(op, k);
            let code381 = op381
                .runtime_code(Curve::Bls12_381, v9, Formulas::build_default(op381, v9))
                .map_err(|e| format!("{op381} {v9}: {e}"))?;
            let subject = Subject {
                name: op.name(),
                codes: &codes,
                input: input.clone(),
                expected,
                priced: (op, input),
                counterpart: (code381, input381),
            };
            measure_subject(plan, k, &subject, &mut gas, &mut time)?;
        }
    }
    progress(format!("{CURVE} {HINTED}: building the contracts"));
    let codes: Vec<(InstructionSet, Vec<u8>)> = SETS
        .iter()
        .map(|&isa| {
            let build = evm384_build::hinted_pairing_check_build(CURVE, HINTED_FORMULAS, isa);
            Ok((isa, build.try_code(isa).map_err(|e| format!("{CURVE} hinted {isa}: {e}"))?))
        })
        .collect::<Result<_, String>>()?;
    let code381 = evm384_build::hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, v9)
        .try_code(v9)
        .map_err(|e| format!("hinted {v9}: {e}"))?;
    let hinted = |curve: Curve, pairs: &[u8]| -> Result<Vec<u8>, String> {
        let w = evm384_gen::ops::hint::witness(curve, pairs, HINTED_FORMULAS.f2mul)
            .map_err(|e| format!("{curve} hint: {e}"))?;
        Ok([w, pairs.to_vec()].concat())
    };
    for k in sizes(Operation::PairingCheck, quick).into_iter().filter(|&k| k >= 2) {
        progress(format!("{CURVE} {HINTED} at k = {k}"));
        let pairs = input(Operation::PairingCheck, k);
        let pairs381 = crate::baseline::pairing_input(k as usize, 0x5eed_2539);
        let subject = Subject {
            name: HINTED,
            codes: &codes,
            input: hinted(CURVE, &pairs)?,
            expected: arkworks(Operation::PairingCheck, &pairs).expect("a valid input"),
            priced: (Operation::PairingCheck, pairs),
            counterpart: (code381.clone(), hinted(Curve::Bls12_381, &pairs381)?),
        };
        measure_subject(plan, k, &subject, &mut gas, &mut time)?;
    }
    Ok((gas, time))
}

/// Gas of `s` in every set and schedule, and the runtime of arkworks (the priced operation), the
/// contracts and the BLS12-381 contract measured together, at size `k`.
fn measure_subject(
    plan: Plan,
    k: u64,
    s: &Subject,
    gas: &mut Vec<CurveGasRow>,
    time: &mut Vec<CurveTimeRow>,
) -> Result<(), String> {
    let (op, priced_input) = (s.priced.0, &s.priced.1);
    let price = eip2539_price(op, k);
    let spec = RunOptions::default().spec;
    let price_tx = evm384_evm::transaction_gas(spec, priced_input, price as f64);
    for (isa, code) in s.codes {
        let ex = deployed(*isa, code).run(&s.input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success || ex.output != s.expected {
            return Err(format!("{CURVE} {} {isa} disagrees with arkworks at k = {k}: {:?}", s.name, ex.status));
        }
        let row = |schedule: &str, g: f64| CurveGasRow {
            curve: CURVE.name().into(),
            operation: s.name.into(),
            k,
            interface: isa.name().into(),
            schedule: schedule.into(),
            gas: g,
            eip_price: price,
            code_bytes: code.len() as u64,
            tx_gas: evm384_evm::transaction_gas(spec, &s.input, g),
            eip_price_tx_gas: price_tx,
        };
        match &ex.gas_by_schedule {
            Some(by) if *isa != InstructionSet::Evmmax => {
                gas.extend(Schedule::ALL.iter().map(|&sch| row(sch.name(), by.gas(sch))))
            }
            _ => gas.push(row(EIP6690, ex.gas_used as f64)),
        }
    }
    // runtime: arkworks, the contracts, the BLS12-381 contract of the same work
    let v9 = InstructionSet::Evm384(Interface::V9);
    let mut runners: Vec<Runner> = s
        .codes
        .iter()
        .filter(|(isa, _)| TIMED.contains(isa))
        .map(|(isa, code)| {
            let mut r = Runner::new(RunOptions::default().with_instruction_set(*isa));
            r.deploy(code);
            r
        })
        .collect();
    let mut r381 = Runner::new(RunOptions::default().with_instruction_set(v9));
    r381.deploy(&s.counterpart.0);
    let mut native = || {
        std::hint::black_box(arkworks(op, std::hint::black_box(priced_input)));
    };
    let mut contracts: Vec<Box<dyn FnMut() + '_>> = runners
        .iter_mut()
        .map(|r| {
            let input = &s.input;
            Box::new(move || {
                r.run(input).expect("call");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut other = || {
        r381.run(&s.counterpart.1).expect("call");
    };
    let mut refs: Vec<&mut dyn FnMut()> = vec![&mut native];
    refs.extend(contracts.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()));
    refs.push(&mut other);
    let plan = if k > 8 { plan.with_samples(plan.samples.min(7)) } else { plan };
    let m = measure(plan, &mut refs);
    let names = std::iter::once("arkworks".to_string())
        .chain(TIMED.iter().map(|i| format!("contract-{i}")))
        .chain([format!("bls12-381-contract-{v9}")]);
    for (implementation, stats) in names.zip(&m) {
        let r = Ratio::of(stats, &m[0]);
        time.push(CurveTimeRow {
            curve: CURVE.name().into(),
            operation: s.name.into(),
            k,
            implementation,
            stats: stats.wall.clone(),
            ratio_to_arkworks: r.median,
            ratio_to_arkworks_min: r.min,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_follow_eip_2539() {
        assert_eq!(eip2539_price(Operation::PairingCheck, 2), 175_000);
        assert_eq!(eip2539_price(Operation::G1Msm, 1), 14_400);
        assert_eq!(eip2539_price(Operation::G2Msm, 128), 128 * 55_000 * 174 / 1000);
        assert_eq!(eip2539_price(Operation::G1Msm, 200), 200 * 12_000 * 174 / 1000);
    }

    #[test]
    fn measured_inputs_are_valid_and_the_pairing_products_one() {
        for op in OPERATIONS {
            for k in sizes(op, true) {
                let out = arkworks(op, &input(op, k)).unwrap_or_else(|| panic!("{op} k = {k}"));
                if op == Operation::PairingCheck {
                    assert_eq!(out[31], (k > 1) as u8, "k = {k}: one iff k ≥ 2");
                }
            }
        }
    }
}
