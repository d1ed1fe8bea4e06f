//! `evm384 fuzz ops`: differential testing of ADDMOD384, SUBMOD384 and MULMODMONT384 at scale.
//!
//! Every case is drawn from `(seed, index)` alone, so any case can be replayed by its index. A
//! case is one operation on `(x, y, m, inv)`; it is computed three ways — the fast path
//! (`evm384_arith::{addmod384, …}`: assembly where the CPU has it), the literal reference path
//! (`evm384_arith::reference`) and the big-integer model (`evm384_model`) — and one case in
//! [`EVM_SHARE`] also through revm in v7, v8 and v9 (a contract that copies its calldata to
//! memory, executes the instruction and returns the result; the output aliases x, y or neither).
//!
//! Moduli: odd of 64..384 bits with their correct `inv`, odd with a garbage `inv`, even, the
//! BLS12-381 p, 2^384 − 1 and zero. Operands: canonical (below m), any 384-bit value, and the
//! edge values 0, 1, m − 1, m, 2^384 − 1.

use std::time::Instant;

use evm384_arith::isa::{encode, Op, Operands};
use evm384_arith::{neg_inverse_mod_2_64, reference, Limbs, BLS12_381_P, BLS12_381_P_INV};
use evm384_evm::{Address, Interface, RunOptions, Runner, Status};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;

use evm384_model as model;

/// One case in this many also runs through revm (in v7, v8 and v9).
pub const EVM_SHARE: u64 = 256;

/// Cases a worker takes at a time.
const CHUNK: u64 = 4096;

/// What kind of modulus a case has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModulusClass {
    /// Odd, 64..384 bits, `inv = −m⁻¹ mod 2^64`.
    Odd,
    /// Odd, 64..384 bits, any `inv`.
    OddGarbageInv,
    /// Even (any `inv`).
    Even,
    /// BLS12-381 p with its `inv`.
    Bls12381,
    /// 2^384 − 1 (any `inv`).
    AllOnes,
    /// Zero (any `inv`).
    Zero,
}

impl ModulusClass {
    pub const ALL: [ModulusClass; 6] = [
        ModulusClass::Odd,
        ModulusClass::OddGarbageInv,
        ModulusClass::Even,
        ModulusClass::Bls12381,
        ModulusClass::AllOnes,
        ModulusClass::Zero,
    ];
}

/// What kind of operands a case has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OperandClass {
    /// Both below m (where m > 1).
    Canonical,
    /// Any 384-bit values.
    Any,
    /// Each one of 0, 1, m − 1, m, 2^384 − 1.
    Edge,
}

impl OperandClass {
    pub const ALL: [OperandClass; 3] = [OperandClass::Canonical, OperandClass::Any, OperandClass::Edge];
}

/// One operation on its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpCase {
    pub index: u64,
    pub op: Op,
    pub x: Limbs,
    pub y: Limbs,
    pub m: Limbs,
    pub inv: u64,
    pub modulus: ModulusClass,
    pub operands: OperandClass,
}

const OPS: [Op; 3] = [Op::AddMod384, Op::SubMod384, Op::MulModMont384];

/// SplitMix64's finaliser (Steele, Lea, Flood 2014): the per-case seed from `(seed, index)`.
fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn random_value(rng: &mut SmallRng) -> Limbs {
    core::array::from_fn(|_| rng.gen())
}

/// A random value of exactly `bits` bits (top bit set).
fn random_bits(rng: &mut SmallRng, bits: u32) -> Limbs {
    let mut v = random_value(rng);
    for (i, w) in v.iter_mut().enumerate() {
        let lo = 64 * i as u32;
        if bits <= lo {
            *w = 0;
        } else if bits - lo < 64 {
            *w &= (1u64 << (bits - lo)) - 1;
        }
    }
    let top = (bits - 1) as usize;
    v[top / 64] |= 1 << (top % 64);
    v
}

fn bit_len(m: &Limbs) -> u32 {
    (0..6).rev().find(|&i| m[i] != 0).map_or(0, |i| 64 * i as u32 + 64 - m[i].leading_zeros())
}

fn wrapping_dec(m: &Limbs) -> Limbs {
    let mut r = *m;
    for w in r.iter_mut() {
        let (v, borrow) = w.overflowing_sub(1);
        *w = v;
        if !borrow {
            break;
        }
    }
    r
}

fn operand(rng: &mut SmallRng, class: OperandClass, m: &Limbs) -> Limbs {
    match class {
        // Below m: as many bits as m less one (m > 1 here).
        OperandClass::Canonical => match bit_len(m) {
            0..=1 => [0; 6],
            bits => {
                let mut v = random_bits(rng, bits - 1);
                if rng.gen_bool(0.5) {
                    let top = (bits - 2) as usize;
                    v[top / 64] &= !(1 << (top % 64));
                }
                v
            }
        },
        OperandClass::Any => random_value(rng),
        OperandClass::Edge => match rng.gen_range(0..5) {
            0 => [0; 6],
            1 => [1, 0, 0, 0, 0, 0],
            2 => wrapping_dec(m),
            3 => *m,
            _ => [u64::MAX; 6],
        },
    }
}

/// Case `index` of the stream `seed`.
pub fn case(seed: u64, index: u64) -> OpCase {
    let mut rng = SmallRng::seed_from_u64(mix(seed, index));
    let op = OPS[rng.gen_range(0..3)];
    let modulus = ModulusClass::ALL[rng.gen_range(0..ModulusClass::ALL.len())];
    let (m, inv) = match modulus {
        ModulusClass::Odd | ModulusClass::OddGarbageInv => {
            let bits = rng.gen_range(64..=384);
            let mut m = random_bits(&mut rng, bits);
            m[0] |= 1;
            let inv = if modulus == ModulusClass::Odd { neg_inverse_mod_2_64(m[0]) } else { rng.gen() };
            (m, inv)
        }
        ModulusClass::Even => {
            let bits = rng.gen_range(2..=384);
            let mut m = random_bits(&mut rng, bits);
            m[0] &= !1;
            (m, rng.gen())
        }
        ModulusClass::Bls12381 => (BLS12_381_P, BLS12_381_P_INV),
        ModulusClass::AllOnes => ([u64::MAX; 6], rng.gen()),
        ModulusClass::Zero => ([0; 6], rng.gen()),
    };
    let operands = OperandClass::ALL[rng.gen_range(0..OperandClass::ALL.len())];
    let x = operand(&mut rng, operands, &m);
    let y = operand(&mut rng, operands, &m);
    OpCase { index, op, x, y, m, inv, modulus, operands }
}

/// A result that differs from the model, with everything needed to replay it.
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    pub seed: u64,
    pub index: u64,
    pub op: &'static str,
    /// `fast`, `reference`, or `evm-v7` / `evm-v8` / `evm-v9`.
    pub path: String,
    /// Values as big-endian hex (`0x` and 96 digits); `inv` as 16 digits.
    pub x: String,
    pub y: String,
    pub m: String,
    pub inv: String,
    pub got: String,
    pub want: String,
}

/// A 384-bit value as `0x` and 96 hex digits (big-endian).
pub fn hex384(v: &Limbs) -> String {
    format!("0x{}", hex::encode(evm384_arith::to_be_bytes(v)))
}

impl OpCase {
    /// The model's answer.
    pub fn model(&self) -> Limbs {
        match self.op {
            Op::AddMod384 => model::addmod384(&self.x, &self.y, &self.m),
            Op::SubMod384 => model::submod384(&self.x, &self.y, &self.m),
            Op::MulModMont384 => model::mulmodmont384(&self.x, &self.y, &self.m, self.inv),
        }
    }

    pub fn fast(&self) -> Limbs {
        match self.op {
            Op::AddMod384 => evm384_arith::addmod384(&self.x, &self.y, &self.m),
            Op::SubMod384 => evm384_arith::submod384(&self.x, &self.y, &self.m),
            Op::MulModMont384 => evm384_arith::mulmodmont384(&self.x, &self.y, &self.m, self.inv),
        }
    }

    pub fn reference(&self) -> Limbs {
        match self.op {
            Op::AddMod384 => reference::addmod384(&self.x, &self.y, &self.m),
            Op::SubMod384 => reference::submod384(&self.x, &self.y, &self.m),
            Op::MulModMont384 => reference::mulmodmont384(&self.x, &self.y, &self.m, self.inv),
        }
    }

    fn mismatch(&self, seed: u64, path: &str, got: &Limbs, want: &Limbs) -> Mismatch {
        Mismatch {
            seed,
            index: self.index,
            op: self.op.name(),
            path: path.into(),
            x: hex384(&self.x),
            y: hex384(&self.y),
            m: hex384(&self.m),
            inv: format!("0x{:016x}", self.inv),
            got: hex384(got),
            want: hex384(want),
        }
    }
}

/// Per-thread revm instances, one per interface, with one contract per (operation, output
/// placement) deployed at its own address.
pub struct EvmOps {
    runners: Vec<(Interface, Runner)>,
}

/// Memory layout of the contracts: x at 0, y at 48, m at 96, inv at 144; the output at x, at y,
/// or at 160.
const OUT_PLACES: [u32; 3] = [0, 48, 160];

fn contract_address(op: usize, place: usize) -> Address {
    let mut a = [0u8; 20];
    a[0] = 0xf0;
    a[18] = op as u8;
    a[19] = place as u8;
    Address::new(a)
}

/// CALLDATACOPY(0, 0, CALLDATASIZE); the instruction; RETURN(out, 48).
fn contract(interface: Interface, op: Op, out: u32) -> Vec<u8> {
    let mut code = vec![0x36, 0x60, 0x00, 0x60, 0x00, 0x37];
    code.extend(
        encode(interface, op, &Operands { out, x: 0, y: 48, params: 96 }, 0).expect("v7, v8 and v9 encode any offsets"),
    );
    code.extend([0x60, 48, 0x61, (out >> 8) as u8, out as u8, 0xf3]);
    code
}

impl EvmOps {
    pub fn new() -> EvmOps {
        let runners = [Interface::V7, Interface::V8, Interface::V9]
            .into_iter()
            .map(|interface| {
                let mut r = Runner::new(RunOptions { interface, count_opcodes: false, ..Default::default() });
                for (i, op) in OPS.iter().enumerate() {
                    for (j, &out) in OUT_PLACES.iter().enumerate() {
                        r.deploy_at(contract_address(i, j), &contract(interface, *op, out));
                    }
                }
                (interface, r)
            })
            .collect();
        EvmOps { runners }
    }

    /// The case through revm in every interface: `(interface name, result)`, or the reason the
    /// call did not return 48 bytes.
    pub fn run(&mut self, c: &OpCase) -> Vec<(&'static str, Result<Limbs, String>)> {
        let op_index = OPS.iter().position(|o| *o == c.op).expect("an EVM384 op");
        let place = (c.index / EVM_SHARE % OUT_PLACES.len() as u64) as usize;
        self.runners
            .iter_mut()
            .map(|(interface, runner)| {
                let big_endian = interface.big_endian_values();
                let value = |v: &Limbs| {
                    if big_endian {
                        evm384_arith::to_be_bytes(v)
                    } else {
                        evm384_arith::to_le_bytes(v)
                    }
                };
                let mut calldata = Vec::with_capacity(152);
                for v in [&c.x, &c.y, &c.m] {
                    calldata.extend_from_slice(&value(v));
                }
                calldata.extend_from_slice(&if big_endian { c.inv.to_be_bytes() } else { c.inv.to_le_bytes() });
                let result = match runner.call(contract_address(op_index, place), &calldata) {
                    Ok(ex) if ex.status == Status::Success && ex.output.len() == 48 => {
                        let b: [u8; 48] = ex.output.try_into().expect("48 bytes");
                        Ok(if big_endian { evm384_arith::from_be_bytes(&b) } else { evm384_arith::from_le_bytes(&b) })
                    }
                    Ok(ex) => Err(format!("{:?} with {} bytes", ex.status, ex.output.len())),
                    Err(e) => Err(e.to_string()),
                };
                (interface.name(), result)
            })
            .collect()
    }
}

impl Default for EvmOps {
    fn default() -> Self {
        EvmOps::new()
    }
}

/// Checks one case every way; `evm` is used when the case is one of the EVM share.
pub fn check(seed: u64, c: &OpCase, evm: &mut EvmOps) -> Vec<Mismatch> {
    let want = c.model();
    let mut bad = Vec::new();
    for (path, got) in [("fast", c.fast()), ("reference", c.reference())] {
        if got != want {
            bad.push(c.mismatch(seed, path, &got, &want));
        }
    }
    if c.index.is_multiple_of(EVM_SHARE) {
        for (name, got) in evm.run(c) {
            match got {
                Ok(got) if got == want => {}
                Ok(got) => bad.push(c.mismatch(seed, &format!("evm-{name}"), &got, &want)),
                Err(e) => bad.push(Mismatch { got: e, ..c.mismatch(seed, &format!("evm-{name}"), &[0; 6], &want) }),
            }
        }
    }
    bad
}

/// How a run went.
#[derive(Clone, Debug, Serialize)]
pub struct OpsReport {
    pub cases: u64,
    pub mismatches: u64,
    pub seconds: f64,
    pub cases_per_second: f64,
    pub seed: u64,
    pub first_case: u64,
    pub threads: usize,
    /// Cases that also ran through revm (each in v7, v8 and v9).
    pub evm_cases: u64,
    pub by_op: std::collections::BTreeMap<&'static str, u64>,
    pub by_modulus: std::collections::BTreeMap<String, u64>,
    pub by_operands: std::collections::BTreeMap<String, u64>,
    /// The first mismatches found (at most 20), each replayable by its seed and index.
    pub first_mismatches: Vec<Mismatch>,
}

#[derive(Default)]
struct Tally {
    cases: u64,
    evm_cases: u64,
    by_op: [u64; 3],
    by_modulus: [u64; 6],
    by_operands: [u64; 3],
    mismatches: u64,
    first: Vec<Mismatch>,
}

impl Tally {
    fn merge(mut self, o: Tally) -> Tally {
        self.cases += o.cases;
        self.evm_cases += o.evm_cases;
        self.mismatches += o.mismatches;
        for i in 0..3 {
            self.by_op[i] += o.by_op[i];
            self.by_operands[i] += o.by_operands[i];
        }
        for i in 0..6 {
            self.by_modulus[i] += o.by_modulus[i];
        }
        self.first.extend(o.first);
        self.first.sort_by_key(|m| m.index);
        self.first.truncate(20);
        self
    }
}

fn name_of<T: Serialize>(v: T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// Runs cases `first_case .. first_case + cases` of stream `seed` on rayon's pool;
/// `progress(n)` is called as each chunk of `n` cases finishes.
pub fn fuzz_ops(seed: u64, first_case: u64, cases: u64, progress: &(dyn Fn(u64) + Sync)) -> OpsReport {
    let start = Instant::now();
    let chunks = cases.div_ceil(CHUNK);
    let tally = (0..chunks)
        .into_par_iter()
        .map_init(EvmOps::new, |evm, chunk| {
            let mut t = Tally::default();
            let lo = first_case + chunk * CHUNK;
            let hi = (lo + CHUNK).min(first_case + cases);
            for index in lo..hi {
                let c = case(seed, index);
                t.cases += 1;
                t.evm_cases += (index % EVM_SHARE == 0) as u64;
                t.by_op[OPS.iter().position(|o| *o == c.op).unwrap_or(0)] += 1;
                t.by_modulus[ModulusClass::ALL.iter().position(|m| *m == c.modulus).unwrap_or(0)] += 1;
                t.by_operands[OperandClass::ALL.iter().position(|m| *m == c.operands).unwrap_or(0)] += 1;
                let bad = check(seed, &c, evm);
                if !bad.is_empty() {
                    t.mismatches += 1;
                    if t.first.len() < 20 {
                        t.first.extend(bad);
                    }
                }
            }
            progress(hi - lo);
            t
        })
        .reduce(Tally::default, Tally::merge);
    let seconds = start.elapsed().as_secs_f64();
    OpsReport {
        cases: tally.cases,
        mismatches: tally.mismatches,
        seconds,
        cases_per_second: tally.cases as f64 / seconds.max(1e-9),
        seed,
        first_case,
        threads: rayon::current_num_threads(),
        evm_cases: tally.evm_cases,
        by_op: OPS.iter().map(|o| o.name()).zip(tally.by_op).collect(),
        by_modulus: ModulusClass::ALL.iter().map(name_of).zip(tally.by_modulus).collect(),
        by_operands: OperandClass::ALL.iter().map(name_of).zip(tally.by_operands).collect(),
        first_mismatches: tally.first,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_reproducible_and_cover_every_class() {
        assert_eq!(case(7, 12345), case(7, 12345));
        assert_ne!(case(7, 12345), case(8, 12345));
        let cs: Vec<OpCase> = (0..3000).map(|i| case(1, i)).collect();
        for op in OPS {
            assert!(cs.iter().any(|c| c.op == op));
        }
        for m in ModulusClass::ALL {
            assert!(cs.iter().any(|c| c.modulus == m), "{m:?}");
        }
        for o in OperandClass::ALL {
            assert!(cs.iter().any(|c| c.operands == o), "{o:?}");
        }
        // Canonical operands are below their modulus; odd moduli are odd with the right inv.
        for c in &cs {
            if c.operands == OperandClass::Canonical && bit_len(&c.m) > 1 {
                assert!(model::big(&c.x) < model::big(&c.m) && model::big(&c.y) < model::big(&c.m), "{c:?}");
            }
            if c.modulus == ModulusClass::Odd {
                assert_eq!(c.m[0].wrapping_mul(c.inv), u64::MAX, "{c:?}");
                assert!((64..=384).contains(&bit_len(&c.m)));
            }
        }
    }

    /// The stream has the power to catch the usual bugs: each wrong variant below differs from
    /// the model on some of the first cases (and the real paths on none of them).
    #[test]
    fn the_stream_catches_typical_bugs() {
        let add_no_reduction = |c: &OpCase| model::limbs(&(model::big(&c.x) + model::big(&c.y)));
        let sub_no_correction = |c: &OpCase| {
            model::limbs(&((model::big(&c.x) + (num_bigint::BigUint::from(1u8) << 384)) - model::big(&c.y)))
        };
        let mul_ignoring_inv = |c: &OpCase| model::mulmodmont384(&c.x, &c.y, &c.m, 0);
        type Wrong<'a> = &'a dyn Fn(&OpCase) -> Limbs;
        let wrong: [(Op, Wrong); 3] = [
            (Op::AddMod384, &add_no_reduction),
            (Op::SubMod384, &sub_no_correction),
            (Op::MulModMont384, &mul_ignoring_inv),
        ];
        let mut evm = EvmOps::new();
        let cs: Vec<OpCase> = (0..2000).map(|i| case(3, i)).collect();
        for (op, f) in wrong {
            let caught = cs.iter().filter(|c| c.op == op && f(c) != c.model()).count();
            assert!(caught > 10, "{op:?}: only {caught} cases tell the bug apart");
        }
        for c in &cs {
            assert!(check(3, c, &mut evm).is_empty(), "case {}", c.index);
        }
    }

    #[test]
    fn the_evm_contracts_compute_the_model() {
        let mut evm = EvmOps::new();
        let c = OpCase { index: EVM_SHARE, ..case(5, 0) };
        for (name, got) in evm.run(&c) {
            assert_eq!(got, Ok(c.model()), "{name}");
        }
    }
}
