//! `evm384 worst-case`: which programs run longest per unit of gas under each schedule?
//!
//! A gas schedule is safe only if no program buys much more time per gas than ordinary EVM code
//! can (the EVM384 authors asked for "feedback about security and runtime attacks against our
//! proposed gas costs"). This module builds families of programs, measures each one's time in
//! revm with the project's harness, counts the gas of the same run under every schedule (one
//! counting run: the opcode histogram priced by each schedule's table), and reports per
//! schedule the worst EVM384 program, the worst ordinary program, and the ratio of their ns/gas.
//!
//! Every program is `setup; loop n times { body }; STOP`, its setup expanding memory to its
//! size (so the expansion's time and gas count too). EVM384 families, in v7 and v9:
//! - the operation: MULMODMONT384, ADDMOD384, SUBMOD384, or a mix;
//! - operand offsets: hot (the first KiB), or spread pseudo-randomly over 64 KiB (the seeds'
//!   mitigation: offsets capped to 16 bits), 1 MiB, or 2 MiB (about the most memory one
//!   2^24-gas transaction can buy: 3w + w²/512 gas for w words);
//! - aliasing: `out = x = y`, or three separate places;
//! - mixes with MLOAD / MSTORE / MCOPY at spread offsets.
//!
//! Ordinary families (v7, no EVM384 opcode): KECCAK256 of 32 bytes and of 1 KiB, MULMOD / ADDMOD /
//! MUL / DIV / EXP chains on the stack, MLOAD/MSTORE and MCOPY loops at spread offsets.
//!
//! EVMMAX (EIP-6690, [`evmmax`]): every width of 1..12 words with odd and power-of-two moduli,
//! timed in the same run; per width the worst ns/gas under EIP-6690's prices against the worst
//! ordinary program at revm's standard prices, and the multiplier on EIP-6690's costs that
//! would bring that width to parity ([`EvmmaxWidth`]).

pub mod evmmax;

use evm384_arith::isa::{encode, Op, Operands};
use evm384_arith::{to_le_bytes, BLS12_381_P, BLS12_381_P_INV};
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_timing::{measure, Plan};
use serde::Serialize;

/// Bytes of memory each spread program addresses.
pub const MEMORY_SIZES: [u32; 3] = [1 << 16, 1 << 20, 1 << 21];

/// Instructions in one loop body.
const BODY: usize = 64;

/// Where the modulus and `inv` live (v7/v9 little-endian): p at 0, inv at 48.
const PARAMS: u32 = 0;

/// A program to measure.
#[derive(Clone, Debug, Serialize)]
pub struct Program {
    pub name: String,
    /// `evm384` or `ordinary`.
    pub kind: &'static str,
    pub interface: &'static str,
    /// Memory the program expands to and addresses, bytes.
    pub memory_bytes: u32,
    #[serde(skip)]
    pub code: Vec<u8>,
    #[serde(skip)]
    interface_value: Interface,
}

/// A tiny assembler.
struct Asm(Vec<u8>);

impl Asm {
    fn op(&mut self, b: u8) -> &mut Self {
        self.0.push(b);
        self
    }
    /// PUSH of the shortest width that holds `v`.
    fn push(&mut self, v: u64) -> &mut Self {
        let bytes = (64 - v.leading_zeros()).div_ceil(8).max(1) as usize;
        self.0.push(0x5f + bytes as u8);
        self.0.extend_from_slice(&v.to_be_bytes()[8 - bytes..]);
        self
    }
    fn push_word(&mut self, w: [u8; 32]) -> &mut Self {
        self.0.push(0x7f);
        self.0.extend_from_slice(&w);
        self
    }
    fn here(&self) -> usize {
        self.0.len()
    }
}

const STOP: u8 = 0x00;
const ADD: u8 = 0x01;
const MUL: u8 = 0x02;
const SUB: u8 = 0x03;
const DIV: u8 = 0x04;
const ADDMOD: u8 = 0x08;
const MULMOD: u8 = 0x09;
const EXP: u8 = 0x0a;
const KECCAK256: u8 = 0x20;
const POP: u8 = 0x50;
const MLOAD: u8 = 0x51;
const MSTORE: u8 = 0x52;
const MSTORE8: u8 = 0x53;
const JUMPI: u8 = 0x57;
const JUMPDEST: u8 = 0x5b;
const MCOPY: u8 = 0x5e;
const DUP1: u8 = 0x80;
const DUP3: u8 = 0x82;
const SWAP1: u8 = 0x90;

/// `setup` (params, memory expanded to `memory` bytes), then `n` times `body`, then STOP.
fn looped(memory: u32, n: u64, mut body: impl FnMut(&mut Asm)) -> Vec<u8> {
    let mut a = Asm(Vec::new());
    // p and inv at PARAMS (little-endian, as v7/v9 read them).
    let mut params = [0u8; 64];
    params[..48].copy_from_slice(&to_le_bytes(&BLS12_381_P));
    params[48..56].copy_from_slice(&BLS12_381_P_INV.to_le_bytes());
    a.push_word(params[..32].try_into().expect("32")).push(PARAMS as u64).op(MSTORE);
    a.push_word(params[32..].try_into().expect("32")).push(PARAMS as u64 + 32).op(MSTORE);
    a.push(0).push(memory as u64 - 1).op(MSTORE8);
    a.push(n);
    let top = a.here();
    a.op(JUMPDEST);
    body(&mut a);
    // counter − 1; loop while non-zero.
    a.push(1).op(SWAP1).op(SUB).op(DUP1).push(top as u64).op(JUMPI).op(STOP);
    a.0
}

/// SplitMix64, for reproducible offsets.
struct Offsets(u64);

impl Offsets {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// An offset in [64, memory − 64), a multiple of 8.
    fn within(&mut self, memory: u32) -> u32 {
        64 + (self.next() % (memory as u64 - 128)) as u32 / 8 * 8
    }
}

/// How an EVM384 family places its operands.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// All within the first KiB.
    Hot,
    /// Spread over this many bytes.
    Spread(u32),
}

/// The EVM384 families.
fn evm384_programs(interface: Interface) -> Vec<Program> {
    let ops: [(&str, &[Op]); 4] = [
        ("mulmodmont384", &[Op::MulModMont384]),
        ("addmod384", &[Op::AddMod384]),
        ("submod384", &[Op::SubMod384]),
        ("mix", &[Op::MulModMont384, Op::AddMod384, Op::SubMod384]),
    ];
    let layouts = std::iter::once(Layout::Hot).chain(MEMORY_SIZES.iter().map(|&m| Layout::Spread(m)));
    let mut out = Vec::new();
    for layout in layouts {
        let memory = match layout {
            Layout::Hot => 1024,
            Layout::Spread(m) => m,
        };
        for (name, cycle) in ops {
            for aliased in [false, true] {
                let mut offsets = Offsets(memory as u64 ^ (aliased as u64) << 40 ^ name.len() as u64);
                let place = |offsets: &mut Offsets| match layout {
                    Layout::Hot => 64 + (offsets.next() % 16) as u32 * 48,
                    Layout::Spread(m) => offsets.within(m),
                };
                let mut operands = Vec::with_capacity(BODY);
                for _ in 0..BODY {
                    let out_ = place(&mut offsets);
                    let (x, y) = if aliased { (out_, out_) } else { (place(&mut offsets), place(&mut offsets)) };
                    operands.push(Operands { out: out_, x, y, params: PARAMS });
                }
                let code = looped(memory, 64, |a| {
                    for (i, o) in operands.iter().enumerate() {
                        a.0.extend(
                            encode(interface, cycle[i % cycle.len()], o, 0).expect("v7, v8 and v9 encode any offsets"),
                        );
                    }
                });
                let layout_name = match layout {
                    Layout::Hot => "hot".to_string(),
                    Layout::Spread(m) => format!("spread-{}k", m / 1024),
                };
                out.push(Program {
                    name: format!("{name}/{layout_name}/{}", if aliased { "aliased" } else { "separate" }),
                    kind: "evm384",
                    interface: interface.name(),
                    memory_bytes: memory,
                    code,
                    interface_value: interface,
                });
            }
        }
        // Mixes with memory instructions: each EVM384 op followed by an MLOAD, an MSTORE or a
        // 48-byte MCOPY at spread offsets.
        if let Layout::Spread(m) = layout {
            for (mem_name, mem_op) in [("mload", MLOAD), ("mstore", MSTORE), ("mcopy", MCOPY)] {
                let mut offsets = Offsets(m as u64 ^ mem_op as u64);
                let code = looped(m, 64, |a| {
                    for _ in 0..BODY / 2 {
                        let (o, x, y) = (offsets.within(m), offsets.within(m), offsets.within(m));
                        a.0.extend(
                            encode(interface, Op::MulModMont384, &Operands { out: o, x, y, params: PARAMS }, 0)
                                .expect("v7, v8 and v9 encode any offsets"),
                        );
                        match mem_op {
                            MLOAD => {
                                a.push(offsets.within(m) as u64).op(MLOAD).op(POP);
                            }
                            MSTORE => {
                                a.push(offsets.within(m) as u64).push(offsets.within(m) as u64).op(MSTORE);
                            }
                            _ => {
                                a.push(48).push(offsets.within(m) as u64).push(offsets.within(m) as u64).op(MCOPY);
                            }
                        }
                    }
                });
                out.push(Program {
                    name: format!("mulmodmont384+{mem_name}/spread-{}k", m / 1024),
                    kind: "evm384",
                    interface: interface.name(),
                    memory_bytes: m,
                    code,
                    interface_value: interface,
                });
            }
        }
    }
    out
}

/// The ordinary families (no EVM384 opcode), run as v7 code.
fn ordinary_programs() -> Vec<Program> {
    let mut out = Vec::new();
    let mut add = |name: &str, memory: u32, code: Vec<u8>| {
        out.push(Program {
            name: name.into(),
            kind: "ordinary",
            interface: "v7",
            memory_bytes: memory,
            code,
            interface_value: Interface::V7,
        });
    };
    let big = [0xff; 32];
    for (name, size, memory) in [("keccak256-32b", 32u64, 1024u32), ("keccak256-1k", 1024, 1 << 20)] {
        let mut offsets = Offsets(size);
        add(
            name,
            memory,
            looped(memory, 64, |a| {
                for _ in 0..BODY {
                    a.push(size).push(offsets.within(memory.max(2048) - 1024) as u64).op(KECCAK256).op(POP);
                }
            }),
        );
    }
    // Stack arithmetic on full-width words: x op= y, BODY times.
    for (name, op, three) in [
        ("mulmod", MULMOD, true),
        ("addmod", ADDMOD, true),
        ("mul", MUL, false),
        ("div", DIV, false),
        ("exp", EXP, false),
        ("add", ADD, false),
    ] {
        add(
            &format!("{name}-chain"),
            1024,
            looped(1024, 64, |a| {
                let mut m = big;
                m[0] = 0x7f;
                a.push_word(m).push_word(big).push_word([0xab; 32]);
                for _ in 0..BODY {
                    if three {
                        a.op(DUP3).op(DUP3).op(DUP3).op(op).op(SWAP1).op(POP);
                    } else {
                        a.op(DUP3).op(DUP3).op(op).op(SWAP1).op(POP);
                    }
                }
                a.op(POP).op(POP).op(POP);
            }),
        );
    }
    for memory in [1u32 << 16, 1 << 21] {
        let mut offsets = Offsets(memory as u64);
        add(
            &format!("mload-mstore/spread-{}k", memory / 1024),
            memory,
            looped(memory, 64, |a| {
                for _ in 0..BODY / 2 {
                    a.push(offsets.within(memory) as u64).op(MLOAD).push(offsets.within(memory) as u64).op(MSTORE);
                }
            }),
        );
        for len in [48u64, 1024] {
            let mut offsets = Offsets(memory as u64 ^ len);
            add(
                &format!("mcopy-{len}b/spread-{}k", memory / 1024),
                memory,
                looped(memory, 64, |a| {
                    for _ in 0..BODY {
                        a.push(len)
                            .push(offsets.within(memory - 1024) as u64)
                            .push(offsets.within(memory - 1024) as u64)
                            .op(MCOPY);
                    }
                }),
            );
        }
    }
    out
}

/// Every program of the search: EVM384 in v7 and v9, then the ordinary ones.
pub fn programs() -> Vec<Program> {
    let mut p = evm384_programs(Interface::V7);
    p.extend(evm384_programs(Interface::V9));
    p.extend(ordinary_programs());
    p
}

/// One program measured.
#[derive(Clone, Debug, Serialize)]
pub struct Measured {
    #[serde(flatten)]
    pub program: Program,
    /// Wall time of one run, median and minimum.
    pub ns: f64,
    pub ns_min: f64,
    /// Gas of the run under each schedule.
    pub gas: Vec<(String, f64)>,
}

/// The worst program of a kind under one schedule.
#[derive(Clone, Debug, Serialize)]
pub struct Worst {
    pub name: String,
    pub interface: &'static str,
    pub ns_per_gas: f64,
}

/// One schedule's answer.
#[derive(Clone, Debug, Serialize)]
pub struct ScheduleWorst {
    pub schedule: &'static str,
    pub worst_evm384: Worst,
    /// The worst EVM384 program whose offsets stay below 2^16 (the seeds' mitigation).
    pub worst_evm384_offsets_16bit: Worst,
    pub worst_ordinary: Worst,
    /// worst EVM384 ns/gas ÷ worst ordinary ns/gas (> 1: EVM384 buys more time per gas).
    pub ratio: f64,
    pub ratio_offsets_16bit: f64,
}

/// The search's result.
#[derive(Clone, Debug, Serialize)]
pub struct WorstCaseReport {
    pub plan: String,
    pub programs: Vec<Measured>,
    pub by_schedule: Vec<ScheduleWorst>,
    /// `default` or `full` ([`evmmax::Scope`]).
    pub evmmax_scope: &'static str,
    /// The EVMMAX programs, timed with the others.
    pub evmmax_programs: Vec<EvmmaxMeasured>,
    /// The worst ordinary program at revm's standard prices (the `evmone` schedule's, which
    /// prices every non-EVM384 opcode as revm does): EVMMAX's yardstick.
    pub evmmax_ordinary: Worst,
    /// Per width (1..12 words), the worst EVMMAX program and the price that reaches parity.
    pub evmmax: Vec<EvmmaxWidth>,
}

/// One EVMMAX program measured.
#[derive(Clone, Debug, Serialize)]
pub struct EvmmaxMeasured {
    #[serde(flatten)]
    pub program: evmmax::EvmmaxProgram,
    /// Wall time of one run, median and minimum.
    pub ns: f64,
    pub ns_min: f64,
    /// Execution gas of the run under EIP-6690's prices.
    pub gas: u64,
}

impl EvmmaxMeasured {
    pub fn ns_per_gas(&self) -> f64 {
        self.ns / self.gas as f64
    }

    /// For a program priced by EIP-6690's per-width tables: the multiplier `m` on the gas from
    /// the tables at which its ns/gas equals `target`: `ns / (m · table_gas + other_gas) =
    /// target`, at least 0.
    pub fn parity_multiplier(&self, target: f64) -> Option<f64> {
        let p = &self.program;
        let other = (self.gas - p.table_gas) as f64;
        p.priced_by_tables.then(|| ((self.ns / target - other) / p.table_gas as f64).max(0.0))
    }

    /// For a program whose work pays fixed EVMMAX costs only (SETMODX re-activation, power-of-two
    /// SETMODX, LOADX, STOREX): the multiplier on those fixed costs (bases and power-of-two copy
    /// costs) at which its ns/gas equals `target`, at least 0.
    pub fn fixed_multiplier(&self, target: f64) -> Option<f64> {
        let p = &self.program;
        let other = (self.gas - p.fixed_gas) as f64;
        (!p.priced_by_tables).then(|| ((self.ns / target - other) / p.fixed_gas as f64).max(0.0))
    }
}

/// One width's answer.
#[derive(Clone, Debug, Serialize)]
pub struct EvmmaxWidth {
    pub words: usize,
    /// EIP-6690's MULMODX and ADDMODX/SUBMODX gas at this width.
    pub mul_gas: u64,
    pub add_gas: u64,
    /// The program with the most ns per gas (odd or power-of-two modulus).
    pub worst: String,
    pub worst_modulus: &'static str,
    pub ns_per_gas: f64,
    /// The worst odd-modulus program's ns per gas.
    pub worst_odd: String,
    pub odd_ns_per_gas: f64,
    /// worst ns/gas ÷ the worst ordinary program's.
    pub ratio: f64,
    /// The multiplier on EIP-6690's per-width costs at this width (ADDMODX/SUBMODX, MULMODX —
    /// also LOADX/STOREX per value of an odd modulus — and SETMODX's odd-modulus part; base
    /// costs and memory expansion unchanged) that brings every program with such costs to at
    /// most the worst ordinary program's ns/gas; below 1: these prices could fall.
    pub parity_multiplier: f64,
    /// The program that needs it.
    pub parity_program: String,
    pub parity_modulus: &'static str,
    /// The programs that the tables do not price (SETMODX re-activation, power-of-two SETMODX,
    /// LOADX, STOREX): the multiplier on their fixed costs (bases, power-of-two copy costs) that
    /// brings them to parity, and the program needing it.
    pub fixed_multiplier: f64,
    pub fixed_program: String,
    pub fixed_modulus: &'static str,
}

/// [`worst_case_scoped`] with the default EVMMAX scope.
pub fn worst_case(plan: Plan, progress: &dyn Fn(&str)) -> Result<WorstCaseReport, String> {
    worst_case_scoped(plan, evmmax::Scope::Default, progress)
}

/// Runs every program once with opcode counting (its gas under every schedule; it must end
/// with STOP), then measures them all together with the harness: EVM384, ordinary and EVMMAX
/// programs (`scope` of them) in one run.
pub fn worst_case_scoped(plan: Plan, scope: evmmax::Scope, progress: &dyn Fn(&str)) -> Result<WorstCaseReport, String> {
    let programs = programs();
    let evmmax_programs = evmmax::all_programs(scope);
    let mut runners: Vec<Runner> = Vec::with_capacity(programs.len());
    let mut gas = Vec::with_capacity(programs.len());
    for p in &programs {
        progress(&format!("gas of {} ({})", p.name, p.interface));
        let mut counting = Runner::new(RunOptions { interface: p.interface_value, ..Default::default() });
        counting.deploy(&p.code);
        let ex = counting.run(&[]).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("{} ({}) did not run to its end: {:?}", p.name, p.interface, ex.status));
        }
        let by = ex.gas_by_schedule.ok_or("no gas by schedule")?;
        gas.push(Schedule::ALL.iter().map(|s| (s.name().to_string(), by.gas(*s))).collect::<Vec<_>>());
        let mut r =
            Runner::new(RunOptions { interface: p.interface_value, count_opcodes: false, ..Default::default() });
        r.deploy(&p.code);
        runners.push(r);
    }
    let mut evmmax_gas = Vec::with_capacity(evmmax_programs.len());
    for p in &evmmax_programs {
        progress(&format!("gas of {} ({} words, {} modulus)", p.name, p.words, p.modulus.name()));
        let opts =
            RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
        let mut r = Runner::new(opts);
        r.deploy(&p.code);
        let ex = r.run(&[]).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!(
                "{} ({} words, {}) did not run to its end: {:?}",
                p.name,
                p.words,
                p.modulus.name(),
                ex.status
            ));
        }
        evmmax_gas.push(ex.gas_used);
        runners.push(r);
    }
    progress("timing every program together");
    let mut closures: Vec<Box<dyn FnMut()>> = runners
        .iter_mut()
        .map(|r| {
            Box::new(move || {
                r.run(&[]).expect("a program that ran before");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|c| c.as_mut() as &mut dyn FnMut()).collect();
    let mut times = measure(plan, &mut refs);
    let evmmax_times = times.split_off(programs.len());
    let measured: Vec<Measured> = programs
        .into_iter()
        .zip(times)
        .zip(gas)
        .map(|((program, t), gas)| Measured { program, ns: t.median_ns(), ns_min: t.min_ns(), gas })
        .collect();
    let by_schedule = Schedule::ALL.iter().map(|s| schedule_worst(*s, &measured)).collect();
    let evmmax_measured: Vec<EvmmaxMeasured> = evmmax_programs
        .into_iter()
        .zip(evmmax_times)
        .zip(evmmax_gas)
        .map(|((program, t), gas)| EvmmaxMeasured { program, ns: t.median_ns(), ns_min: t.min_ns(), gas })
        .collect();
    let evmmax_ordinary = worst(Schedule::Evmone, measured.iter().filter(|m| m.program.kind == "ordinary"));
    let evmmax = evmmax::WORDS.map(|w| evmmax_width(w, &evmmax_measured, evmmax_ordinary.ns_per_gas)).collect();
    let plan = format!(
        "warm-up {} ms, {} samples of {} ms each",
        plan.warmup.as_millis(),
        plan.samples,
        plan.sample.as_millis()
    );
    Ok(WorstCaseReport {
        plan,
        programs: measured,
        by_schedule,
        evmmax_scope: match scope {
            evmmax::Scope::Default => "default",
            evmmax::Scope::Full => "full",
        },
        evmmax_programs: evmmax_measured,
        evmmax_ordinary,
        evmmax,
    })
}

/// One width's worst EVMMAX program and its parity multiplier against `ordinary` ns/gas.
fn evmmax_width(words: usize, ms: &[EvmmaxMeasured], ordinary: f64) -> EvmmaxWidth {
    let of_width: Vec<&EvmmaxMeasured> = ms.iter().filter(|m| m.program.words == words).collect();
    let by = |f: &dyn Fn(&EvmmaxMeasured) -> f64, odd_only: bool| {
        of_width
            .iter()
            .filter(|m| !odd_only || m.program.modulus == evmmax::Modulus::Odd)
            .max_by(|a, b| f(a).total_cmp(&f(b)))
            .copied()
    };
    let worst = by(&|m| m.ns_per_gas(), false);
    let odd = by(&|m| m.ns_per_gas(), true);
    let parity = by(&|m| m.parity_multiplier(ordinary).unwrap_or(f64::NEG_INFINITY), false);
    let fixed = by(&|m| m.fixed_multiplier(ordinary).unwrap_or(f64::NEG_INFINITY), false);
    let name = |m: Option<&EvmmaxMeasured>| m.map_or(String::new(), |m| m.program.name.clone());
    let modulus = |m: Option<&EvmmaxMeasured>| m.map_or("", |m| m.program.modulus.name());
    let ns_per_gas = worst.map_or(f64::NAN, |m| m.ns_per_gas());
    EvmmaxWidth {
        words,
        mul_gas: evm384_evm::evmmax::GAS.mul[words - 1],
        add_gas: evm384_evm::evmmax::GAS.add_sub[words - 1],
        worst: name(worst),
        worst_modulus: modulus(worst),
        ns_per_gas,
        worst_odd: name(odd),
        odd_ns_per_gas: odd.map_or(f64::NAN, |m| m.ns_per_gas()),
        ratio: ns_per_gas / ordinary,
        parity_multiplier: parity.and_then(|m| m.parity_multiplier(ordinary)).unwrap_or(f64::NAN),
        parity_program: name(parity),
        parity_modulus: modulus(parity),
        fixed_multiplier: fixed.and_then(|m| m.fixed_multiplier(ordinary)).unwrap_or(f64::NAN),
        fixed_program: name(fixed),
        fixed_modulus: modulus(fixed),
    }
}

fn ns_per_gas(m: &Measured, schedule: Schedule) -> f64 {
    let g = m.gas.iter().find(|(s, _)| s == schedule.name()).map_or(f64::NAN, |(_, g)| *g);
    m.ns / g
}

fn worst<'a>(schedule: Schedule, it: impl Iterator<Item = &'a Measured>) -> Worst {
    it.map(|m| (m, ns_per_gas(m, schedule)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, v)| Worst { name: m.program.name.clone(), interface: m.program.interface, ns_per_gas: v })
        .unwrap_or(Worst { name: String::new(), interface: "", ns_per_gas: f64::NAN })
}

fn schedule_worst(schedule: Schedule, ms: &[Measured]) -> ScheduleWorst {
    let evm384 = worst(schedule, ms.iter().filter(|m| m.program.kind == "evm384"));
    let capped = worst(schedule, ms.iter().filter(|m| m.program.kind == "evm384" && m.program.memory_bytes <= 1 << 16));
    let ordinary = worst(schedule, ms.iter().filter(|m| m.program.kind == "ordinary"));
    ScheduleWorst {
        schedule: schedule.name(),
        ratio: evm384.ns_per_gas / ordinary.ns_per_gas,
        ratio_offsets_16bit: capped.ns_per_gas / ordinary.ns_per_gas,
        worst_evm384: evm384,
        worst_evm384_offsets_16bit: capped,
        worst_ordinary: ordinary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every program runs to its STOP (no halt from a wrong jump or too little gas), in the
    /// interface it was written for, and does the work it claims (its EVM384 or memory
    /// instructions execute the expected number of times).
    #[test]
    fn every_program_runs_to_its_end() {
        for p in programs() {
            let mut r = Runner::new(RunOptions { interface: p.interface_value, ..Default::default() });
            r.deploy(&p.code);
            let ex = r.run(&[]).unwrap();
            assert_eq!(ex.status, Status::Success, "{} ({})", p.name, p.interface);
            let counts = ex.counts.unwrap();
            let evm384: u64 = [0xc0u8, 0xc1, 0xc2].iter().map(|&b| counts.get(b)).sum();
            match p.kind {
                "evm384" => assert!(evm384 >= 64 * (BODY as u64) / 2, "{}: {evm384} EVM384 ops", p.name),
                _ => assert_eq!(evm384, 0, "{}", p.name),
            }
        }
    }

    #[test]
    fn the_largest_memory_fits_one_transaction() {
        // 3w + w²/512 for 2 MiB: below Osaka's 2^24 transaction cap.
        let w = (*MEMORY_SIZES.last().unwrap() / 32) as u64;
        assert!(3 * w + w * w / 512 < 1 << 24);
    }
}
