//! The ABI's field-element encoding as data of the program (`ir::FieldEncoding`) and EVMMAX's
//! value width from the modulus, on BN254's p: EIP-196's encoding (32-byte big-endian elements,
//! no padding; p or more fails the call) and EIP-2537's (64 bytes, 16 zero) over that p,
//! BLS12-381's p with EIP-2537's as before, and the Mersenne prime 2^127 − 1 with EIP-196's (a
//! 2-word EVMMAX context, values narrower than a word). Small programs — x·y + x − y, and
//! (x − y)·(x + y), each corrected by a branch on x = y or on sgn0 (RFC 9380) — loaded by
//! `load_input`, by `load_inputs` and by `load_packed_inputs`, run natively and through revm in
//! v7, v8, v9 and EVMMAX against a num-bigint model on random and edge inputs; elements not below
//! p, non-zero padding and wrong lengths halt in every back-end; without a length check, a short
//! input reads as zero-padded (CALLDATALOAD, CALLDATACOPY) natively too. The EVMMAX build over
//! BN254's p sets a 4-word field context (32-byte values), priced lower under EIP-6690.

mod common;

use ark_ff::PrimeField;
use evm384_arith::{Limbs, MontField, BLS12_381_P};
use evm384_gen::backend::bytecode::{evmmax_element_size, try_assemble, AssembleOptions};
use evm384_gen::ir::{Asm, Cond, FieldEncoding, InputLength};
use evm384_gen::{F2Mul, InstructionSet, Program};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};

/// BN254's base field modulus, as `ark-bn254` states it.
fn bn254_p() -> Limbs {
    let m = ark_bn254::Fq::MODULUS.0;
    [m[0], m[1], m[2], m[3], 0, 0]
}

fn big(x: &Limbs) -> BigUint {
    BigUint::from_slice(&x.iter().flat_map(|l| [*l as u32, (*l >> 32) as u32]).collect::<Vec<_>>())
}

#[test]
fn bn254_p_is_eip196s() {
    let p: BigUint = "21888242871839275222246405745257275088696311157297823662689037894645226208583".parse().unwrap();
    assert_eq!(big(&bn254_p()), p);
    assert_eq!(p.bits(), 254);
}

/// How the test program reads its two inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Load {
    /// Two `load_input`s.
    Each,
    /// One `load_inputs` of both.
    Loop,
    /// One `load_packed_inputs` of both (the value bytes alone).
    Packed,
}

/// A field and an encoding under test.
#[derive(Clone, Copy, Debug)]
struct Case {
    p: Limbs,
    encoding: FieldEncoding,
}

impl Case {
    /// Bytes of one input element.
    fn element(self, load: Load) -> usize {
        self.encoding.element_bytes(load == Load::Packed) as usize
    }
}

fn bn254_eip196() -> Case {
    Case { p: bn254_p(), encoding: FieldEncoding::EIP196 }
}

fn bn254_eip2537() -> Case {
    Case { p: bn254_p(), encoding: FieldEncoding::EIP2537 }
}

fn bls12_381_eip2537() -> Case {
    Case { p: BLS12_381_P, encoding: FieldEncoding::EIP2537 }
}

/// 2^127 − 1.
fn mersenne127_eip196() -> Case {
    Case { p: [u64::MAX, u64::MAX >> 1, 0, 0, 0, 0], encoding: FieldEncoding::EIP196 }
}

/// Reads x, y (checking the length when `checked`) and returns x·y + x − y (plus 1 if x = y,
/// plus y if sgn0(y)), then, for `outputs` 2, (x − y)·(x + y) (plus y if sgn0(x + y·u)).
fn program(case: Case, load: Load, outputs: usize, checked: bool) -> Program {
    let mut a = Asm::new(MontField::new(case.p), F2Mul::V3);
    a.encoding = case.encoding;
    let r2 = a.const_raw(&[a.field.r2]);
    let one_raw = a.const_raw(&[[1, 0, 0, 0, 0, 0]]);
    let one = a.const_mont(&[[1, 0, 0, 0, 0, 0]]);
    let xy = a.alloc(2);
    let (x, y) = (xy, xy + 1);
    let out = a.alloc(2);
    let (t, tmp) = (a.alloc(1), a.alloc(1));
    // x and y first hold 2^256 (raw: EVM384's memory bytes past a 256-bit value non-zero), which
    // the loads must overwrite whole
    let wide = a.const_raw(&[[0, 0, 0, 0, 1, 0]; 2]);
    a.copy(xy, wide, 2);
    let e = case.element(load) as u32;
    if checked {
        a.check_input_length(InputLength::Exactly(2 * e));
    }
    match load {
        Load::Each => {
            a.load_input(x, 0, r2);
            a.load_input(y, e, r2);
        }
        Load::Loop => a.load_inputs(xy, 2, 0, r2),
        Load::Packed => a.load_packed_inputs(xy, 2, 0, r2),
    }
    a.mul(t, x, y);
    a.add(t, t, x);
    a.sub(out, t, y);
    a.sub(t, x, y);
    a.add(tmp, x, y);
    a.mul(out + 1, t, tmp);
    a.if_(Cond::Eq(x, y, 1), |a| a.add(out, out, one));
    a.if_(Cond::Sgn0 { x: y, n: 1, one: one_raw, tmp }, |a| a.add(out, out, y));
    a.if_(Cond::Sgn0 { x: xy, n: 2, one: one_raw, tmp }, |a| a.add(out + 1, out + 1, y));
    a.return_fields(&(out..out + outputs as u32).collect::<Vec<_>>(), one_raw, tmp);
    a.finish()
}

/// The model: the outputs for canonical x, y, encoded as the case's encoding says.
fn model(case: Case, outputs: usize, x: &BigUint, y: &BigUint) -> Vec<u8> {
    let p = big(&case.p);
    let odd = |v: &BigUint| v.bit(0);
    let r1 = x * y + x + &p - y + u8::from(x == y) + if odd(y) { y.clone() } else { 0u8.into() };
    let r2 = (x + &p - y) * (x + y) + if odd(x) || (x == &BigUint::ZERO && odd(y)) { y.clone() } else { 0u8.into() };
    let (r1, r2) = (r1 % &p, r2 % &p);
    [r1, r2].iter().take(outputs).flat_map(|v| encode(case.encoding.bytes() as usize, v)).collect()
}

/// `v` as a `len`-byte big-endian integer.
fn encode(len: usize, v: &BigUint) -> Vec<u8> {
    let b = v.to_bytes_be();
    assert!(b.len() <= len);
    [vec![0; len - b.len()], b].concat()
}

fn random_below(rng: &mut rand::rngs::StdRng, p: &BigUint) -> BigUint {
    let bytes: Vec<u8> = (0..64).map(|_| rng.gen()).collect();
    BigUint::from_bytes_be(&bytes) % p
}

/// Every back-end's code for the program.
fn codes(prog: &Program) -> Vec<(InstructionSet, Vec<u8>)> {
    InstructionSet::ALL
        .iter()
        .map(|&isa| (isa, try_assemble(prog, isa, AssembleOptions::default()).unwrap_or_else(|e| panic!("{isa}: {e}"))))
        .collect()
}

/// The native run's and every back-end's output agree with `want` (`None`: a halt).
fn check(prog: &Program, codes: &[(InstructionSet, Vec<u8>)], input: &[u8], want: Option<&[u8]>, what: &str) {
    assert_eq!(common::native_output(prog, input).as_deref(), want, "native: {what}");
    for (isa, code) in codes {
        assert_eq!(common::contract_output(*isa, code, input).as_deref(), want, "{isa}: {what}");
    }
}

fn cases() -> [(&'static str, Case); 4] {
    [
        ("BN254, EIP-196", bn254_eip196()),
        ("BN254, EIP-2537", bn254_eip2537()),
        ("BLS12-381, EIP-2537", bls12_381_eip2537()),
        ("2^127 - 1, EIP-196", mersenne127_eip196()),
    ]
}

#[test]
fn programs_equal_the_model_on_random_and_edge_inputs() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(196);
    for (name, case) in cases() {
        let p = big(&case.p);
        for load in [Load::Each, Load::Loop, Load::Packed] {
            for outputs in [1, 2] {
                let prog = program(case, load, outputs, true);
                let codes = codes(&prog);
                let e = case.element(load);
                let mut pairs: Vec<(BigUint, BigUint)> =
                    (0..4).map(|_| (random_below(&mut rng, &p), random_below(&mut rng, &p))).collect();
                let edge = [BigUint::from(0u8), BigUint::from(1u8), &p - 1u8];
                pairs.extend(edge.iter().flat_map(|x| edge.iter().map(move |y| (x.clone(), y.clone()))));
                let r = random_below(&mut rng, &p);
                pairs.extend([
                    (r.clone(), r.clone()),
                    ((r.clone() | BigUint::from(1u8)) % &p, BigUint::from(2u8)),
                    (BigUint::from(2u8), r),
                ]);
                for (x, y) in pairs {
                    let input = [encode(e, &x), encode(e, &y)].concat();
                    let want = model(case, outputs, &x, &y);
                    check(&prog, &codes, &input, Some(&want), &format!("{name} {load:?} {outputs}: x = {x}, y = {y}"));
                }
            }
        }
    }
}

#[test]
fn elements_not_below_p_bad_padding_and_wrong_lengths_halt() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(197);
    for (name, case) in cases() {
        let p = big(&case.p);
        let value_max = (BigUint::from(1u8) << (8 * case.encoding.value)) - 1u8;
        for load in [Load::Each, Load::Loop, Load::Packed] {
            let prog = program(case, load, 2, true);
            let codes = codes(&prog);
            let e = case.element(load);
            let good = random_below(&mut rng, &p);
            // p, p + 1, a random value above p, the largest the value bytes hold
            let above = &p + (random_below(&mut rng, &p) % (&value_max - &p));
            for bad in [p.clone(), &p + 1u8, above, value_max.clone()] {
                for at in 0..2 {
                    let mut v = [encode(e, &good), encode(e, &good)];
                    v[at] = encode(e, &bad);
                    check(&prog, &codes, &v.concat(), None, &format!("{name} {load:?}: element {at} = {bad}"));
                }
            }
            // a non-zero byte in the padding (none in EIP-196's elements, none packed)
            let padding = if load == Load::Packed { 0 } else { case.encoding.padding as usize };
            for i in 0..padding {
                let mut input = [encode(e, &good), encode(e, &good)].concat();
                input[e + i] = 1 << (i % 8);
                check(&prog, &codes, &input, None, &format!("{name} {load:?}: padding byte {i}"));
            }
            let input = [encode(e, &good), encode(e, &good)].concat();
            for len in [0, 1, e, 2 * e - 1, 2 * e + 1, 2 * e + 32, 3 * e] {
                let mut wrong = input.clone();
                wrong.resize(len, 0);
                check(&prog, &codes, &wrong, None, &format!("{name} {load:?}: {len} bytes"));
            }
        }
    }
}

#[test]
fn without_a_length_check_short_input_reads_as_zero_padded() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(6690);
    for (name, case) in cases() {
        let p = big(&case.p);
        for load in [Load::Each, Load::Loop, Load::Packed] {
            let prog = program(case, load, 2, false);
            let codes = codes(&prog);
            let e = case.element(load);
            let (x, y) = (random_below(&mut rng, &p), random_below(&mut rng, &p));
            let input = [encode(e, &x), encode(e, &y)].concat();
            for len in [0, e, e + 5, 2 * e - 1] {
                let short = &input[..len];
                let padded = [short, &vec![0; 2 * e - len]].concat();
                let xs = BigUint::from_bytes_be(&padded[..e]);
                let ys = BigUint::from_bytes_be(&padded[e..]);
                let want = (xs < p && ys < p).then(|| model(case, 2, &xs, &ys));
                check(&prog, &codes, short, want.as_deref(), &format!("{name} {load:?}: {len} bytes of {}", 2 * e));
            }
        }
    }
}

/// The execution gas of a program's EVMMAX code on `input`.
fn evmmax_gas(prog: &Program, input: &[u8]) -> u64 {
    use evm384_evm::{RunOptions, Runner, Status};
    let code = try_assemble(prog, InstructionSet::Evmmax, AssembleOptions::default()).unwrap();
    let opts = RunOptions { count_opcodes: false, ..RunOptions::default() };
    let mut r = Runner::new(opts.with_instruction_set(InstructionSet::Evmmax));
    r.deploy(&code);
    let e = r.run(input).expect("run");
    assert_eq!(e.status, Status::Success);
    e.gas_used
}

#[test]
fn evmmax_sizes_the_field_context_by_the_modulus() {
    // SETMODX's operands, pushed last to first: alloc_count, modulus_size, modulus_offset 0, id 0
    let setmodx = |size: u8| [0x60, size, 0x5f, 0x5f, 0xc0];
    for (case, words) in
        [(bn254_eip196(), 4), (bn254_eip2537(), 4), (bls12_381_eip2537(), 6), (mersenne127_eip196(), 2)]
    {
        let code =
            try_assemble(&program(case, Load::Each, 2, true), InstructionSet::Evmmax, AssembleOptions::default())
                .unwrap();
        let size = 8 * words;
        assert_eq!(evmmax_element_size(&program(case, Load::Each, 2, true)), size as u64, "{case:?}");
        assert!(code.windows(5).any(|w| w == setmodx(size)), "{case:?}: SETMODX of a {size}-byte modulus");
    }
    // One program, operation for operation, over BN254's p and over BLS12-381's: EIP-6690
    // prices the 256-bit context lower (SETMODX, its registers' memory, 2 gas a MULMODX against
    // 3 at 384 bits).
    let input = |case: Case| {
        let e = case.element(Load::Each);
        [encode(e, &BigUint::from(3u8)), encode(e, &BigUint::from(5u8))].concat()
    };
    let gas = |case: Case| evmmax_gas(&program(case, Load::Each, 2, true), &input(case));
    let (g254, g381) = (gas(bn254_eip2537()), gas(bls12_381_eip2537()));
    eprintln!("EVMMAX gas: {g254} over BN254's p, {g381} over BLS12-381's (EIP-2537 encoding)");
    assert!(g254 < g381, "{g254} ≥ {g381}");
}
