//! Public EVMMAX programs that nobody on this project wrote, run through revm with
//! `RunOptions { extension: Extension::Evmmax, .. }`: jwasinger/evmmax-bls12-381's G1 and G2 scalar
//! multiplications and Fp inversion (compiled bytecode, branch `evmmax-simd`), and evmone's
//! Poseidon programs (branch `evmmax-poseidon`) translated to EIP-6690's SETMODX operands and
//! `out_stride` rule. Bytecode, calldata, the sources' expectations and the outputs and gas
//! observed here are data in `testdata/evmmax-programs/` (provenance: its README).
//!
//! Each case is checked three ways: against its source's expectation where the source has one,
//! against a value computed here independently (arkworks for the curve points and the Fp
//! inverse, the published Poseidon value of iden3/circomlibjs), and byte for byte against the
//! output recorded in the data file. The gas of each run is the recorded figure and also the
//! figure of a gas model written here from the EIP's tables ([`GasModel`]), which does not read
//! this crate's gas tables.

use ark_bls12_381::{Fq, Fq2, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field, PrimeField};
use evm384_evm::{Execution, Extension, OpcodeCounts, RunOptions, Runner, Status};
use serde_json::Value;

fn load(program: &str) -> Value {
    let rel = format!("evmmax-programs/{program}.json");
    evm384_vectors::load_json(&rel).unwrap_or_else(|e| panic!("{e}"))
}

fn hex_field(v: &Value, key: &str) -> Vec<u8> {
    let s = v[key].as_str().unwrap_or_else(|| panic!("field {key} missing"));
    hex::decode(s).unwrap_or_else(|e| panic!("field {key}: {e}"))
}

fn opts() -> RunOptions {
    // Opcode counting on: the gas model of the programs with loops reads the histogram.
    RunOptions { extension: Extension::Evmmax, count_opcodes: true, ..Default::default() }
}

/// One case of a program file, run.
struct Ran<'a> {
    case: &'a Value,
    name: &'a str,
    calldata: Vec<u8>,
    exec: Execution,
}

/// Runs every case of `file` on its `code`; checks status, the source's exact bytes (where it
/// states them), the recorded output and gas and the gas model's figure, and hands each run to
/// `check` for the value checks.
fn run_program(file: &Value, mut check: impl FnMut(&Ran)) {
    let code = hex_field(file, "code");
    let program = file["program"].as_str().unwrap();
    let model = GasModel::new(&code);
    let mut runner = Runner::new(opts());
    runner.deploy(&code);
    for case in file["cases"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let calldata = hex_field(case, "calldata");
        let exec = runner.run(&calldata).unwrap();
        assert_eq!(exec.status, Status::Success, "{program} {name}: {:?}", exec.status);
        let ran = Ran { case, name, calldata, exec };
        check(&ran);
        // The source's exact bytes, where it states them.
        let sc = &case["source_check"];
        if sc["kind"] == "output_bytes" {
            assert_eq!(hex::encode(&ran.exec.output), sc["output"].as_str().unwrap(), "{program} {name}: source");
        }
        // The output and gas recorded in the file.
        assert_eq!(
            hex::encode(&ran.exec.output),
            case["output"].as_str().unwrap(),
            "{program} {name}: recorded output"
        );
        let counts = ran.exec.counts.as_ref().expect("opcode counts");
        let modelled = model.gas(counts);
        assert_eq!(ran.exec.gas_used, modelled, "{program} {name}: gas against the EIP model");
        assert_eq!(ran.exec.gas_used, case["gas"].as_u64().unwrap(), "{program} {name}: recorded gas");
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding of the programs' big-endian values.

fn fq(b: &[u8]) -> Fq {
    assert_eq!(b.len(), 48);
    let v = Fq::from_be_bytes_mod_order(b);
    assert_eq!(v.into_bigint().to_bytes_be(), b, "not below p: {}", hex::encode(b));
    v
}

fn fq2(b: &[u8]) -> Fq2 {
    Fq2::new(fq(&b[..48]), fq(&b[48..96]))
}

/// The 32-byte big-endian scalar as little-endian 64-bit limbs.
fn scalar_limbs(b: &[u8]) -> [u64; 4] {
    let mut l = [0u64; 4];
    for (i, chunk) in b.rchunks(8).enumerate() {
        l[i] = u64::from_be_bytes(chunk.try_into().unwrap());
    }
    l
}

// ---------------------------------------------------------------------------------------------
// jwasinger/evmmax-bls12-381

#[test]
fn jwasinger_g1_scalar_multiplication() {
    let file = load("g1mul_dbl_and_add");
    run_program(&file, |r| {
        let (k, point) = (scalar_limbs(&r.calldata[..32]), &r.calldata[32..128]);
        let p = G1Affine::new_unchecked(fq(&point[..48]), fq(&point[48..]));
        assert!(p.is_on_curve() && p.is_in_correct_subgroup_assuming_on_curve(), "{}: input point", r.name);
        let expected: G1Affine = p.mul_bigint(k).into();
        let out = &r.exec.output;
        if expected.is_zero() {
            assert_eq!(out, &vec![0u8; 96], "{}: infinity", r.name);
            return;
        }
        assert_eq!(out.len(), 144, "{}", r.name);
        let (x, y, z) = (fq(&out[..48]), fq(&out[48..96]), fq(&out[96..]));
        let zi = z.inverse().unwrap_or_else(|| panic!("{}: Z = 0 for a finite point", r.name));
        // Independent: arkworks' k·P.
        assert_eq!((x * zi, y * zi), expected.xy().unwrap(), "{}: k·P", r.name);
        // The source's test_g1_1: the affine result is the input point.
        if r.case["source_check"]["kind"] == "affine_equals_input" {
            assert_eq!((x * zi, y * zi), (p.x, p.y), "{}: source", r.name);
        }
    });
}

#[test]
fn jwasinger_g2_scalar_multiplication() {
    let file = load("g2mul_dbl_and_add");
    run_program(&file, |r| {
        let (k, point) = (scalar_limbs(&r.calldata[..32]), &r.calldata[32..224]);
        let q = G2Affine::new_unchecked(fq2(&point[..96]), fq2(&point[96..]));
        assert!(q.is_on_curve() && q.is_in_correct_subgroup_assuming_on_curve(), "{}: input point", r.name);
        let expected: G2Affine = q.mul_bigint(k).into();
        let out = &r.exec.output;
        if expected.is_zero() {
            assert_eq!(out, &vec![0u8; 192], "{}: infinity", r.name);
            return;
        }
        assert_eq!(out.len(), 288, "{}", r.name);
        let (x, y, z) = (fq2(&out[..96]), fq2(&out[96..192]), fq2(&out[192..]));
        let zi = z.inverse().unwrap_or_else(|| panic!("{}: Z = 0 for a finite point", r.name));
        assert_eq!((x * zi, y * zi), expected.xy().unwrap(), "{}: k·Q", r.name);
        let sc = &r.case["source_check"];
        if sc["kind"] == "affine_equals_input" {
            assert_eq!((x * zi, y * zi), (q.x, q.y), "{}: source", r.name);
        }
        if sc["kind"] == "projectively_equal" {
            // test_g2_2's projective point (X', Y', Z'): X·Z' = X'·Z and Y·Z' = Y'·Z.
            let e = hex::decode(sc["point"].as_str().unwrap()).unwrap();
            let (ex, ey, ez) = (fq2(&e[..96]), fq2(&e[96..192]), fq2(&e[192..]));
            assert_eq!((x * ez, y * ez), (ex * z, ey * z), "{}: source", r.name);
        }
    });
}

#[test]
fn jwasinger_fp_inversion() {
    let file = load("invmod");
    run_program(&file, |r| {
        let x = fq(&r.calldata);
        let out = fq(&r.exec.output);
        // Independent: arkworks' inverse (Fermat's x^(p-2) is 0 for 0).
        assert_eq!(out, x.inverse().unwrap_or_default(), "{}", r.name);
        // The source's test_invmod: output · input = 1 (mod p).
        if r.case["source_check"]["kind"] == "inverse" {
            assert_eq!(out * x, Fq::from(1u64), "{}: source", r.name);
        }
    });
}

// ---------------------------------------------------------------------------------------------
// evmone's Poseidon

/// The translation of `testdata/evmmax-programs/README.md`, applied to evmone's bytecode:
/// its SETUPX `PUSH1 alloc PUSH1 0xfe PUSH1 0x00 SETUPX` (stack `mod_offset mod_size_bits
/// alloc`) becomes `PUSH1 alloc PUSH1 0x20 PUSH0 PUSH0 SETMODX` (stack `id modulus_offset
/// modulus_size alloc_count`, same length), and every arithmetic immediate with `out_stride` 0
/// (all have `count` 1) gets `out_stride` 1. Returns the code and the number of each rewrite.
fn translate_evmone(original: &[u8]) -> (Vec<u8>, usize, usize) {
    let mut c = original.to_vec();
    let (mut setmodx, mut strides) = (0, 0);
    let mut pc = 0;
    while pc < c.len() {
        let op = c[pc];
        match op {
            0x60..=0x7f => pc += 1 + (op - 0x5f) as usize,
            0xc3..=0xc5 => {
                if c[pc + 2] == 0 {
                    assert_eq!(c[pc + 7], 1, "out_stride 0 with count > 1 at {pc}");
                    c[pc + 2] = 1;
                    strides += 1;
                }
                pc += 8;
            }
            0xc0 => {
                let s = pc - 6;
                assert_eq!(
                    (c[s], c[s + 2], c[s + 3], c[s + 4], c[s + 5]),
                    (0x60, 0x60, 0xfe, 0x60, 0x00),
                    "SETUPX at {pc}"
                );
                c[s + 2..pc].copy_from_slice(&[0x60, 0x20, 0x5f, 0x5f]);
                setmodx += 1;
                pc += 1;
            }
            _ => pc += 1,
        }
    }
    (c, setmodx, strides)
}

fn evmone_poseidon(program: &str) {
    let file = load(program);
    let (translated, setmodx, strides) = translate_evmone(&hex_field(&file, "code_original"));
    assert_eq!(translated, hex_field(&file, "code"), "{program}: stored code is the documented translation");
    let t = &file["translation"];
    assert_eq!(
        (setmodx, strides as u64),
        (t["setmodx_sites"].as_array().unwrap().len(), t["out_stride_rewrites"].as_u64().unwrap())
    );
    run_program(&file, |r| {
        // Independent: the value iden3/circomlibjs publishes for poseidon([1, 2]).
        if let Some(p) = r.case.get("published") {
            assert_eq!(hex::encode(&r.exec.output), p["output"].as_str().unwrap(), "{program} {}: published", r.name);
        }
    });
}

#[test]
fn evmone_poseidon_one_operation_per_instruction() {
    evmone_poseidon("poseidon");
}

#[test]
fn evmone_poseidon_vectorised() {
    evmone_poseidon("poseidon_vec");
}

// ---------------------------------------------------------------------------------------------
// Gas from the EIP's text, independently of this crate's tables.

/// EIP-6690 (ethereum/EIPs f767a1e8, `EIPS/eip-6690.md`) tables by modulus width in 64-bit
/// words (index words − 1): SETMODX's odd-modulus dynamic part, ADDMODX/SUBMODX and MULMODX per
/// operation (MULMODX's is also LOADX's and STOREX's per value for odd moduli).
const EIP_SETMODX_ODD: [u64; 12] = [23, 26, 29, 32, 36, 39, 42, 45, 48, 51, 54, 58];
const EIP_ADD_SUB: [u64; 12] = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2];
const EIP_MUL: [u64; 12] = [1, 1, 1, 2, 2, 3, 4, 5, 7, 8, 10, 12];
/// COST_SETMODX_BASE, COST_LOADX_BASE, COST_STOREX_BASE.
const EIP_BASE: u64 = 1;

/// Static gas of the ordinary opcodes these programs use (Osaka, the Runner's default spec).
fn static_gas(op: u8) -> u64 {
    match op {
        0x00 | 0xf3 => 0,               // STOP, RETURN
        0x01 | 0x03 | 0x10..=0x1d => 3, // ADD, SUB, comparisons, bitwise, shifts
        0x02 => 5,                      // MUL
        0x35 | 0x37 => 3,               // CALLDATALOAD, CALLDATACOPY (+ words)
        0x36 | 0x50 | 0x5f => 2,        // CALLDATASIZE, POP, PUSH0
        0x51..=0x53 => 3,               // MLOAD, MSTORE, MSTORE8 (+ memory)
        0x56 => 8,                      // JUMP
        0x57 => 10,                     // JUMPI
        0x5b => 1,                      // JUMPDEST
        0x60..=0x9f => 3,               // PUSHn, DUPn, SWAPn
        0xc0..=0xc5 => 0,               // EVMMAX: dynamic only (below)
        _ => panic!("gas model: opcode {op:#04x} not modelled"),
    }
}

/// EVM memory expansion cost of `words` 32-byte words.
fn memory_cost(words: u64) -> u64 {
    3 * words + words * words / 512
}

/// One decoded instruction with the constant operands the preceding PUSHes gave it.
struct Instr {
    op: u8,
    args: Vec<Option<u64>>,
    imm: [u8; 7],
}

/// Stack effect (pops, pushes) of the opcodes the programs use.
fn stack_effect(op: u8) -> (usize, usize) {
    match op {
        0x00 | 0x5b => (0, 0),
        0x01..=0x03 | 0x10..=0x14 | 0x16..=0x18 | 0x1a..=0x1d => (2, 1),
        0x15 | 0x19 | 0x35 | 0x51 => (1, 1),
        0x36 | 0x5f..=0x7f => (0, 1),
        0x37 | 0xc1 | 0xc2 => (3, 0),
        0x50 | 0x56 => (1, 0),
        0x52 | 0x53 | 0x57 | 0xf3 => (2, 0),
        0x80..=0x8f => ((op - 0x7f) as usize, (op - 0x7e) as usize),
        0x90..=0x9f => ((op - 0x8e) as usize, (op - 0x8e) as usize),
        0xc0 => (4, 0),
        0xc3..=0xc5 => (0, 0),
        _ => panic!("gas model: opcode {op:#04x} not modelled"),
    }
}

/// The gas the EIP charges for a run of `code`, from the code and the run's opcode histogram:
/// static gas per executed opcode, plus each instruction's dynamic part (CALLDATACOPY's words,
/// EVMMAX's table costs × count), plus the memory expansion the EIP prescribes — every
/// expansion charged `C(m′ + r) − C(m + r)` and SETMODX's `C(m + r′) − C(m + r)`, which sum to
/// `C(m_final + r_final)` for the whole run. Memory offsets and sizes, EVMMAX operands and the
/// modulus width are read from the constants pushed before each instruction (all of them are
/// constants in these programs, else the model panics).
///
/// Straight-line code (no JUMP/JUMPI) executes every instruction once: the dynamic parts are
/// summed per instruction and the histogram must equal the code's. Code with jumps: each opcode
/// with a dynamic part must have the same one at all its sites, multiplied by its executions;
/// the memory high-water is the largest range any instruction names (reached by the first
/// instruction in these programs).
struct GasModel {
    /// Per instruction: opcode and dynamic gas.
    dynamic: Vec<(u8, u64)>,
    straight: bool,
    memory_words: u64,
}

impl GasModel {
    fn new(code: &[u8]) -> GasModel {
        let instrs = decode(code);
        let straight = !instrs.iter().any(|i| i.op == 0x56 || i.op == 0x57);
        let (mut element_size, mut register_bytes, mut high) = (None::<u64>, 0u64, 0u64);
        let mut dynamic = Vec::new();
        for i in &instrs {
            let arg =
                |n: usize| i.args[n].unwrap_or_else(|| panic!("gas model: non-constant operand of {:#04x}", i.op));
            let mut touch = |off: u64, len: u64| {
                if len > 0 {
                    high = high.max(off + len);
                }
            };
            let words = |es: Option<u64>| (es.expect("EVMMAX before SETMODX") / 8) as usize;
            let d = match i.op {
                0x37 => {
                    touch(arg(0), arg(2));
                    3 * arg(2).div_ceil(32)
                }
                0x51 | 0x52 => {
                    touch(arg(0), 32);
                    0
                }
                0x53 => {
                    touch(arg(0), 1);
                    0
                }
                0xf3 => {
                    touch(arg(0), arg(1));
                    0
                }
                0xc0 => {
                    // id, modulus_offset, modulus_size, alloc_count; the moduli here are odd.
                    assert!(element_size.is_none(), "one field context per program");
                    let es = arg(2).div_ceil(8) * 8;
                    element_size = Some(es);
                    register_bytes += arg(3) * es;
                    EIP_BASE + EIP_SETMODX_ODD[(es / 8 - 1) as usize]
                }
                0xc1 => {
                    // LOADX dest(memory) source(register) count
                    touch(arg(0), arg(2) * element_size.unwrap());
                    EIP_BASE + arg(2) * EIP_MUL[words(element_size) - 1]
                }
                0xc2 => {
                    // STOREX dest(register) source(memory) count
                    touch(arg(1), arg(2) * element_size.unwrap());
                    EIP_BASE + arg(2) * EIP_MUL[words(element_size) - 1]
                }
                0xc3 | 0xc4 => i.imm[6] as u64 * EIP_ADD_SUB[words(element_size) - 1],
                0xc5 => i.imm[6] as u64 * EIP_MUL[words(element_size) - 1],
                _ => 0,
            };
            dynamic.push((i.op, d));
        }
        GasModel { dynamic, straight, memory_words: (high.div_ceil(32) * 32 + register_bytes).div_ceil(32) }
    }

    fn gas(&self, counts: &OpcodeCounts) -> u64 {
        let statics: u64 = counts.iter().map(|(op, n)| n * static_gas(op)).sum();
        let dynamic: u64 = if self.straight {
            let mut code_counts = [0u64; 256];
            for &(op, _) in &self.dynamic {
                code_counts[op as usize] += 1;
            }
            assert_eq!(code_counts, counts.0, "straight-line code: every instruction runs once");
            self.dynamic.iter().map(|&(_, d)| d).sum()
        } else {
            counts
                .iter()
                .map(|(op, n)| {
                    let mut sites = self.dynamic.iter().filter(|&&(o, _)| o == op).map(|&(_, d)| d);
                    let d = sites.next().unwrap_or(0);
                    assert!(sites.all(|x| x == d), "opcode {op:#04x}: dynamic gas differs between its sites");
                    n * d
                })
                .sum()
        };
        statics + dynamic + memory_cost(self.memory_words)
    }
}

/// Decodes `code` into instructions, tracking the constants PUSHed onto the stack.
fn decode(code: &[u8]) -> Vec<Instr> {
    let mut out = Vec::new();
    let mut stack: Vec<Option<u64>> = Vec::new();
    let mut pc = 0;
    while pc < code.len() {
        let op = code[pc];
        let mut imm = [0u8; 7];
        let mut next = pc + 1;
        let mut pushed = None;
        match op {
            0x5f => pushed = Some(Some(0)),
            0x60..=0x7f => {
                let n = (op - 0x5f) as usize;
                let data = &code[pc + 1..(pc + 1 + n).min(code.len())];
                let v = (data.len() - data.iter().take_while(|&&b| b == 0).count() <= 8)
                    .then(|| data.iter().fold(0u64, |a, &b| (a << 8) | b as u64));
                pushed = Some(v);
                next = pc + 1 + n;
            }
            0xc3..=0xc5 => {
                imm.copy_from_slice(&code[pc + 1..pc + 8]);
                next = pc + 8;
            }
            _ => {}
        }
        let (pops, pushes) = stack_effect(op);
        // Unknown stack below (e.g. after a jump target): missing operands are non-constant.
        let args: Vec<Option<u64>> = (0..pops).map(|_| stack.pop().flatten()).collect();
        match (op, pushed) {
            (_, Some(v)) => stack.push(v),
            (0x80..=0x8f, _) => {
                // DUPn: the copies keep their constants.
                let mut restored: Vec<Option<u64>> = args.iter().rev().cloned().collect();
                restored.push(args[pops - 1]);
                stack.extend(restored);
            }
            (0x90..=0x9f, _) => {
                let mut restored: Vec<Option<u64>> = args.iter().rev().cloned().collect();
                let last = restored.len() - 1;
                restored.swap(0, last);
                stack.extend(restored);
            }
            _ => stack.extend(std::iter::repeat_n(None, pushes)),
        }
        if op == 0x5b {
            stack.clear();
        }
        out.push(Instr { op, args, imm });
        pc = next;
    }
    out
}
