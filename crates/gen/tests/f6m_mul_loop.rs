//! The f6m_mul synthetic loop of the EVM384 notes (`programs::f6m_mul_loop_program`): the
//! generator's program in every instruction set against its native run, the published results
//! (`testdata/evm384/f6m_mul/loop.json`, from ewasm/evm384_f6m_mul) and arkworks' Fq6; and the
//! notes' own Huff bytecode (ewasm/evm384_f6m_mul `build/v7-f6m_mul_bench.hex`, v8 likewise) in
//! this project's v7 and v8 interpreters.

mod common;

use ark_bls12_381::{Fq, Fq2, Fq6};
use ark_ff::{BigInt, PrimeField};
use evm384_arith::{from_be_bytes, from_le_bytes, Limbs, MontField, BLS12_381_P};
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::{f6m_mul_loop_operands, f6m_mul_loop_products, f6m_mul_loop_program, F6M_MUL_LOOP_ITERATIONS};
use serde_json::Value;

fn loop_json() -> Value {
    evm384_vectors::load_json("evm384/f6m_mul/loop.json").expect("loop.json")
}

fn published_json() -> Value {
    evm384_vectors::load_json("evm384/f6m_mul/published.json").expect("published.json")
}

/// An Fp6 of loop.json ([[c0.re, c0.im], [c1..], [c2..]], 48-byte little-endian hex each) as
/// its six raw (Montgomery) values.
fn fp6_raw(v: &Value) -> [Limbs; 6] {
    let flat: Vec<Limbs> = v
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c.as_array().unwrap().iter())
        .map(|h| from_le_bytes(&hex::decode(h.as_str().unwrap()).unwrap().try_into().unwrap()))
        .collect();
    flat.try_into().unwrap()
}

fn field() -> MontField {
    MontField::new(BLS12_381_P)
}

/// Six canonical values from the program's output (EIP-2537: 16 zero bytes, 48 big-endian).
fn decode_output(out: &[u8]) -> [Limbs; 6] {
    assert_eq!(out.len(), 6 * 64);
    std::array::from_fn(|i| {
        let e = &out[64 * i..64 * i + 64];
        assert!(e[..16].iter().all(|&b| b == 0), "element {i} padding");
        from_be_bytes(e[16..].try_into().unwrap())
    })
}

fn native_result(iterations: u32) -> Vec<u8> {
    common::native_output(&f6m_mul_loop_program(iterations), &[]).expect("the loop returns")
}

fn ark_fp6(canonical: &[Limbs; 6]) -> Fq6 {
    let fq = |x: &Limbs| Fq::from_bigint(BigInt::<6>(*x)).expect("below p");
    let fq2 = |i: usize| Fq2::new(fq(&canonical[2 * i]), fq(&canonical[2 * i + 1]));
    Fq6::new(fq2(0), fq2(1), fq2(2))
}

fn ark_canonical(x: &Fq6) -> [Limbs; 6] {
    let c = [x.c0.c0, x.c0.c1, x.c1.c0, x.c1.c1, x.c2.c0, x.c2.c1];
    c.map(|v| v.into_bigint().0)
}

/// The chained loop in arkworks: r4 = a·b, r5 = a·r4, then r_k = r_(k−2)·r_(k−1), ten a round.
fn ark_loop(iterations: u32) -> Fq6 {
    let f = field();
    let [a, b] = f6m_mul_loop_operands().map(|x| ark_fp6(&x.map(|v| f.from_mont(&v))));
    let (mut prev, mut last) = (a * b, a * (a * b));
    for _ in 0..10 * iterations {
        (prev, last) = (last, prev * last);
    }
    last
}

#[test]
fn operands_are_the_published_ones() {
    let j = loop_json();
    assert_eq!(f6m_mul_loop_operands(), [fp6_raw(&j["a"]), fp6_raw(&j["b"])]);
}

/// ewasm/evm384_f6m_mul's `src/v1/benchmark.yul` states r5 after 10 and after 135 iterations.
#[test]
fn native_loop_gives_the_published_results() {
    let j = loop_json();
    let results = j["chained_loop"]["results"].as_array().unwrap();
    assert!(results.iter().any(|r| r["iterations"] == F6M_MUL_LOOP_ITERATIONS));
    let f = field();
    for r in results {
        let n = r["iterations"].as_u64().unwrap() as u32;
        let want = fp6_raw(&r["r5"]).map(|v| f.from_mont(&v));
        assert_eq!(decode_output(&native_result(n)), want, "{n} iterations");
    }
}

#[test]
fn native_loop_equals_arkworks() {
    for n in [0, 1, 3] {
        assert_eq!(decode_output(&native_result(n)), ark_canonical(&ark_loop(n)), "{n} iterations");
    }
    // arkworks' one product against the published a·b
    let f = field();
    let [a, b] = f6m_mul_loop_operands().map(|x| ark_fp6(&x.map(|v| f.from_mont(&v))));
    assert_eq!(ark_canonical(&(a * b)), fp6_raw(&loop_json()["product_a_b"]).map(|v| f.from_mont(&v)));
}

/// The bytecode of every instruction set returns the native executor's result, and runs the
/// loop's products: 18 MULMODMONT384 an Fp6 product (six Fp2 products of three), six more for
/// the output's conversion out of Montgomery form.
#[test]
fn evm_equals_native_in_every_instruction_set() {
    let sets = [
        InstructionSet::Evm384(Interface::V7),
        InstructionSet::Evm384(Interface::V8),
        InstructionSet::Evm384(Interface::V9),
        InstructionSet::Evmmax,
    ];
    for n in [2, F6M_MUL_LOOP_ITERATIONS] {
        let prog = f6m_mul_loop_program(n);
        let want = common::native_output(&prog, &[]).unwrap();
        for isa in sets {
            let code = try_assemble(&prog, isa, AssembleOptions::default()).unwrap_or_else(|e| panic!("{isa}: {e}"));
            assert_eq!(common::contract_output(isa, &code, &[]).as_deref(), Some(&want[..]), "{isa}, {n} iterations");
            if isa == InstructionSet::Evm384(Interface::V7) {
                let e = evm384_evm::execute(&code, &[], &RunOptions::default()).unwrap();
                let products = e.counts.unwrap().get(evm384_arith::isa::Op::MulModMont384.opcode());
                assert_eq!(products, 18 * f6m_mul_loop_products(n) + 6, "{n} iterations");
            }
        }
    }
}

/// The notes' Huff bytecode (v7, and v8 with big-endian values), as ewasm/benchmarking ran it in
/// evmone: in this project's interpreter it runs to success with its one-byte answer, 1,350 Fp6
/// products, the gas evmone reported under evmone's prices (`published.json`); with its final
/// `RETURN` of one byte rewritten to return the product's slots, the product is a·b.
#[test]
fn notes_huff_bytecode_runs_in_our_interpreter() {
    let published = published_json();
    let row = |label: &str| {
        published["figures"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|f| f["rows"].as_array().unwrap())
            .find(|r| r["label"] == label && r["gas_used"].is_u64())
            .cloned()
    };
    let product = fp6_raw(&loop_json()["product_a_b"]);
    for (iface, file) in [(Interface::V7, "evm384_f6m_mul-v7.hex"), (Interface::V8, "evm384_f6m_mul-v8.hex")] {
        let text = std::fs::read_to_string(evm384_vectors::testdata(&format!("evm384/f6m_mul/{file}"))).unwrap();
        let code = hex::decode(text.trim()).unwrap();
        let opts = RunOptions { interface: iface, schedule: Schedule::Evmone, ..RunOptions::default() };
        let e = evm384_evm::execute(&code, &[], &opts).unwrap();
        assert_eq!((e.status.clone(), e.output.clone()), (Status::Success, vec![0xff]), "{iface}");
        let counts = e.counts.unwrap();
        assert_eq!(counts.get(evm384_arith::isa::Op::MulModMont384.opcode()), 18 * 1350, "{iface}");
        // evmone's v7 run as published (the v8 bytecode is the v7 one with byte-swapped values)
        let v7 = row("v7 (Huff)").expect("the published v7 row");
        assert_eq!(e.gas_used, v7["gas_used"].as_u64().unwrap(), "{iface}");

        // `PUSH1 0xff PUSH1 0 MSTORE8 PUSH1 1 PUSH1 0 RETURN` → `PUSH2 288 PUSH2 1344 RETURN`
        // (the source's F6M_MUL_OUT: six values at memory 1344), padded with STOPs.
        let ret_byte = hex::decode("60ff60005360016000f3").unwrap();
        let at: Vec<usize> =
            code.windows(ret_byte.len()).enumerate().filter(|(_, w)| *w == ret_byte).map(|(i, _)| i).collect();
        assert_eq!(at.len(), 1, "{iface}: one final RETURN");
        let mut patched = code.clone();
        patched[at[0]..at[0] + 10].copy_from_slice(&hex::decode("610120610540f3000000").unwrap());
        let mut r = Runner::new(opts);
        r.deploy(&patched);
        let e = r.run(&[]).unwrap();
        assert_eq!(e.status, Status::Success, "{iface}");
        let got: [Limbs; 6] = std::array::from_fn(|i| {
            let b: [u8; 48] = e.output[48 * i..48 * i + 48].try_into().unwrap();
            if iface.big_endian_values() {
                from_be_bytes(&b)
            } else {
                from_le_bytes(&b)
            }
        });
        assert_eq!(got, product, "{iface}: a·b");
    }
}
