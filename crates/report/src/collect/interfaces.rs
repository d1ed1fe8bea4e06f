//! Section 15: the EVM384 notes' f6m_mul synthetic loop ("EVM384 -- Update on the interface",
//! "EVM384 Update 3") per interface, in revm, in one run: the generator's program
//! (`evm384_gen::f6m_mul_loop_program`) in every interface of [`Interface::ALL`] it can encode
//! and in EVMMAX, the notes' own bytecode (ewasm/evm384_f6m_mul, `testdata/evm384/f6m_mul/`) in
//! every interface this EVM runs, and the loop outside the EVM ([`OTHER_LOOPS`]), measured
//! together by the project's harness; ratios to the generator's v7 program of the same run; gas
//! per run under each instruction set's reference schedule and under evmone's prices; beside
//! them the notes' published figures (`published.json`), as ratios to their own v7.
//!
//! Every implementation is run once and checked before anything is timed: the generator's
//! programs and the loops outside the EVM return the native executor's r5; the notes' bytecode
//! returns what the notes' `benchmark.sh` expected of it.

use evm384_build::optimize::Target;
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_gen::backend::bytecode::{self, AssembleOptions};
use evm384_gen::backend::native;
use evm384_gen::{
    f6m_mul_loop_operands, f6m_mul_loop_products, f6m_mul_loop_program, Program, F6M_MUL_LOOP_ITERATIONS,
};
use evm384_timing::{measure, Plan, Ratio};
use evm384_vectors::decode_hex;
use serde_json::Value;

use crate::results::{InterfaceLoop, InterfaceLoopRow, NotMeasured, PublishedLoopRow};

/// The notes' published figures and the provenance of their bytecode
/// (`testdata/evm384/f6m_mul/published.json`), embedded so that the report shows them wherever
/// it runs.
const PUBLISHED_JSON: &str = include_str!("../../../../testdata/evm384/f6m_mul/published.json");

/// The notes' bytecode (ewasm/evm384_f6m_mul `build/*-f6m_mul_bench.hex`), by its file name in
/// `testdata/evm384/f6m_mul/`; `published.json` says which interface each is written for, the
/// calldata the notes ran it with and what it returns.
const NOTES_BYTECODE: [(&str, &str); 9] = [
    ("evm384_f6m_mul-v1.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v1.hex")),
    ("evm384_f6m_mul-v2.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v2.hex")),
    ("evm384_f6m_mul-v3.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v3.hex")),
    ("evm384_f6m_mul-v4.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v4.hex")),
    ("evm384_f6m_mul-v4-huff.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v4-huff.hex")),
    ("evm384_f6m_mul-v5.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v5.hex")),
    ("evm384_f6m_mul-v6.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v6.hex")),
    ("evm384_f6m_mul-v7.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v7.hex")),
    ("evm384_f6m_mul-v8.hex", include_str!("../../../../testdata/evm384/f6m_mul/evm384_f6m_mul-v8.hex")),
];

/// Fp6 products of the notes' Huff loop (135 iterations of ten products of the same operands)
/// and of its Yul loop (two more, chained; `testdata/evm384/f6m_mul/loop.json`).
const NOTES_HUFF_PRODUCTS: u64 = 1350;
const NOTES_YUL_PRODUCTS: u64 = 1352;

/// The loop run outside the EVM, timed beside the contracts.
pub struct OtherLoop {
    /// The row's name (`native-executor`).
    pub implementation: String,
    /// What runs it (`native`, `wasm`).
    pub interface: String,
    /// Fp6 products per run.
    pub products: u64,
    /// One run of the loop, returning r5 as the generator's program returns it (six field
    /// elements, EIP-2537's encoding): checked against the native executor before timing.
    pub run: Box<dyn FnMut() -> Vec<u8>>,
}

/// Builds one [`OtherLoop`] for the given iteration count, or says why it cannot run here.
pub type MakeOtherLoop = fn(u32) -> Result<OtherLoop, NotMeasured>;

/// The loop's implementations outside the EVM, in table order; each computes the same chained
/// loop (its r5 is checked).
pub const OTHER_LOOPS: &[MakeOtherLoop] = &[native_executor_loop, wasm_loop];

/// The row name of the wasm loop.
pub const WASM_LOOP: &str = "blst-wasm-wasmtime";

/// The generator's program on its native executor (the same operations on `evm384-arith`).
pub fn native_executor_loop(iterations: u32) -> Result<OtherLoop, NotMeasured> {
    let prog = f6m_mul_loop_program(iterations);
    Ok(OtherLoop {
        implementation: "native-executor".into(),
        interface: "native".into(),
        products: f6m_mul_loop_products(iterations),
        run: Box::new(move || native_output(&prog).expect("the loop returns")),
    })
}

/// The same loop in blst's C compiled to wasm32 and run in wasmtime (`evm384_wasm`), the notes'
/// wasm row with today's engine: the operands handed over canonical, r5 returned in the
/// program's encoding (64-byte elements: 16 zero bytes, then the value).
pub fn wasm_loop(iterations: u32) -> Result<OtherLoop, NotMeasured> {
    let not_measured = |why: String| NotMeasured { implementation: WASM_LOOP.into(), why };
    let mut module = evm384_wasm::PairingCheck::new().map_err(|e| not_measured(e.to_string()))?;
    let field = evm384_arith::MontField::new(evm384_arith::BLS12_381_P);
    let canonical = |x: &[evm384_arith::Limbs; 6]| -> [u8; evm384_wasm::FP6_BYTES] {
        let mut b = [0u8; evm384_wasm::FP6_BYTES];
        for (i, v) in x.iter().enumerate() {
            b[48 * i..48 * i + 48].copy_from_slice(&evm384_arith::to_be_bytes(&field.mul(v, &[1, 0, 0, 0, 0, 0])));
        }
        b
    };
    let [a, b] = f6m_mul_loop_operands();
    let (a, b) = (canonical(&a), canonical(&b));
    Ok(OtherLoop {
        implementation: WASM_LOOP.into(),
        interface: "wasm".into(),
        products: f6m_mul_loop_products(iterations),
        run: Box::new(move || {
            let r5 = module.f6m_mul_loop(&a, &b, iterations).expect("wasm call").expect("canonical operands");
            r5.chunks(48).flat_map(|v| [&[0u8; 16][..], v].concat()).collect()
        }),
    })
}

fn native_output(prog: &Program) -> Result<Vec<u8>, String> {
    match native::run(prog, &[]).outcome {
        native::Outcome::Output(o) => Ok(o),
        other => Err(format!("the native executor ended with {other:?}")),
    }
}

/// One EVM implementation, deployed and checked.
struct EvmLoop {
    implementation: String,
    isa: InstructionSet,
    code: String,
    products: u64,
    code_bytes: u64,
    calldata: Vec<u8>,
    gas: Option<f64>,
    schedule: Option<String>,
    gas_evmone: Option<f64>,
    runner: Runner,
}

/// Runs `code` once counting (gas under the reference schedule and evmone's), checks its output,
/// and returns it deployed in a runner that does not count (for timing).
#[allow(clippy::too_many_arguments)]
fn evm_loop(
    implementation: String,
    isa: InstructionSet,
    origin: &str,
    products: u64,
    code: Vec<u8>,
    calldata: Vec<u8>,
    expected: &[u8],
) -> Result<EvmLoop, String> {
    let opts =
        RunOptions { schedule: Schedule::Evmone, count_opcodes: true, ..Default::default() }.with_instruction_set(isa);
    let mut counting = Runner::new(opts.clone());
    counting.deploy(&code);
    let ex = counting.run(&calldata).map_err(|e| format!("{implementation}: {e}"))?;
    if ex.status != Status::Success {
        return Err(format!("ended with {:?}", ex.status));
    }
    if ex.output != expected {
        return Err(format!("returned 0x{} where 0x{} was expected", to_hex(&ex.output), to_hex(expected)));
    }
    let (gas, schedule, gas_evmone) = match Target::reference(isa) {
        Target::Gas(s) => {
            let by = ex.gas_by_schedule.as_ref().ok_or("no gas by schedule")?;
            (Some(by.gas(s)), Some(s.name().to_string()), Some(by.gas(Schedule::Evmone)))
        }
        t @ (Target::Eip6690Gas | Target::OsakaGas) => (Some(ex.gas_used as f64), Some(t.name().to_string()), None),
        Target::Runtime => (None, None, None),
    };
    let mut runner = Runner::new(RunOptions { count_opcodes: false, ..opts });
    runner.deploy(&code);
    Ok(EvmLoop {
        implementation,
        isa,
        code: origin.into(),
        products,
        code_bytes: code.len() as u64,
        calldata,
        gas,
        schedule,
        gas_evmone,
        runner,
    })
}

fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// One of the notes' bytecode files with what `published.json` says of it.
struct NotesCode {
    file: &'static str,
    /// The interface it is written for (`v4` for the Huff v4 too).
    interface: String,
    calldata: Vec<u8>,
    code: Vec<u8>,
    expected: Vec<u8>,
}

fn notes_code(published: &Value) -> Result<Vec<NotesCode>, String> {
    NOTES_BYTECODE
        .iter()
        .map(|&(file, text)| {
            let meta = &published["bytecode"]["files"][file];
            let field = |k: &str| meta[k].as_str().ok_or_else(|| format!("published.json: {file} has no {k}"));
            let bytes = |k: &str| decode_hex(field(k)?).map_err(|e| format!("published.json: {file} {k}: {e}"));
            Ok(NotesCode {
                file,
                interface: field("interface")?.to_string(),
                calldata: bytes("calldata")?,
                code: decode_hex(text.trim()).map_err(|e| format!("{file}: {e}"))?,
                expected: bytes("expected_output")?,
            })
        })
        .collect()
}

/// The notes' figures (`published.json`) as rows, each with its ratio to the v7 row of its
/// figure (the wasm bars, drawn in the interface-update chart, to that chart's v7).
pub fn published_rows() -> Result<Vec<PublishedLoopRow>, String> {
    let published: Value = serde_json::from_str(PUBLISHED_JSON).map_err(|e| format!("published.json: {e}"))?;
    published_rows_of(&published)
}

fn published_rows_of(published: &Value) -> Result<Vec<PublishedLoopRow>, String> {
    let figures = published["figures"].as_array().ok_or("published.json: no figures")?;
    let mut rows = Vec::new();
    for f in figures {
        let figure = f["figure"].as_str().ok_or("published.json: a figure without a name")?;
        let src = &f["source"];
        let source = format!(
            "{}@{}:{}",
            src["repo"].as_str().unwrap_or("?"),
            src["commit"].as_str().map(|c| &c[..c.len().min(10)]).unwrap_or("?"),
            src["path"].as_str().unwrap_or("?")
        );
        for r in f["rows"].as_array().ok_or_else(|| format!("published.json: {figure} has no rows"))? {
            let text = |k: &str| r[k].as_str().map(str::to_string);
            let value =
                r["value"].as_f64().ok_or_else(|| format!("published.json: {figure}: a row without a value"))?;
            let ms = match r["unit"].as_str() {
                Some("s") => value * 1e3,
                Some("ms") => value,
                other => return Err(format!("published.json: {figure}: unit {other:?}")),
            };
            rows.push(PublishedLoopRow {
                figure: figure.to_string(),
                label: text("label").unwrap_or_default(),
                interface: text("interface"),
                language: text("language").unwrap_or_default(),
                engine: text("engine").unwrap_or_default(),
                ms,
                ratio_to_v7: None,
                gas_used: r["gas_used"].as_u64(),
                source: source.clone(),
            });
        }
    }
    let v7_of =
        |figure: &str| rows.iter().find(|r| r.figure == figure && r.interface.as_deref() == Some("v7")).map(|r| r.ms);
    let ratios: Vec<Option<f64>> =
        rows.iter().map(|r| v7_of(&r.figure).or_else(|| v7_of("interface-update")).map(|v7| r.ms / v7)).collect();
    for (r, q) in rows.iter_mut().zip(ratios) {
        r.ratio_to_v7 = q;
    }
    Ok(rows)
}

/// Times every implementation of the loop (see the module's documentation).
pub fn interfaces(plan: Plan, quick: bool, progress: &mut dyn FnMut(String)) -> Result<InterfaceLoop, String> {
    let iterations = F6M_MUL_LOOP_ITERATIONS;
    let published: Value = serde_json::from_str(PUBLISHED_JSON).map_err(|e| format!("published.json: {e}"))?;
    let prog = f6m_mul_loop_program(iterations);
    let want = native_output(&prog)?;
    let products = f6m_mul_loop_products(iterations);
    let mut evm = Vec::new();
    let mut not_measured = Vec::new();

    // the generator's program in every interface it can encode, and in EVMMAX
    let sets = Interface::ALL.into_iter().map(InstructionSet::Evm384).chain([InstructionSet::Evmmax]);
    for isa in sets {
        let implementation = format!("generator-{}", isa.name());
        progress(format!("f6m_mul loop: {implementation}"));
        let made = bytecode::try_assemble(&prog, isa, AssembleOptions::default())
            .map_err(|e| format!("the generator cannot encode the loop: {e}"))
            .and_then(|code| evm_loop(implementation.clone(), isa, "generator", products, code, vec![], &want));
        match made {
            Ok(e) => evm.push(e),
            Err(why) => not_measured.push(NotMeasured { implementation, why }),
        }
    }
    // the notes' own bytecode in every interface this EVM runs
    for n in notes_code(&published)? {
        let implementation = n.file.trim_end_matches(".hex").to_string();
        progress(format!("f6m_mul loop: {implementation}"));
        let isa = match n.interface.parse::<Interface>() {
            Ok(i) => InstructionSet::Evm384(i),
            Err(_) => {
                let why = format!("interface {} is not one this EVM runs", n.interface);
                not_measured.push(NotMeasured { implementation, why });
                continue;
            }
        };
        // the Huff versions return one byte 0xff, the Yul ones r5's first coefficient
        let notes_products = if n.expected.len() == 1 { NOTES_HUFF_PRODUCTS } else { NOTES_YUL_PRODUCTS };
        match evm_loop(implementation.clone(), isa, "published", notes_products, n.code, n.calldata, &n.expected) {
            Ok(e) => evm.push(e),
            Err(why) => not_measured.push(NotMeasured { implementation, why }),
        }
    }
    if !evm.iter().any(|e| e.implementation == "generator-v7") {
        return Err("the generator's v7 loop, the section's baseline, was not measured".into());
    }
    // the loop outside the EVM
    let mut others = Vec::new();
    for make in OTHER_LOOPS {
        let mut o = match make(iterations) {
            Ok(o) => o,
            Err(n) => {
                not_measured.push(n);
                continue;
            }
        };
        if (o.run)() != want {
            return Err(format!("{} disagrees with the native executor's r5", o.implementation));
        }
        others.push(o);
    }

    progress(format!("f6m_mul loop: timing {} implementations, interleaved", evm.len() + others.len()));
    let plan = if quick { plan.with_samples(plan.samples.min(5)) } else { plan };
    let m = {
        let mut closures: Vec<Box<dyn FnMut() + '_>> = Vec::new();
        for e in evm.iter_mut() {
            let (runner, calldata) = (&mut e.runner, &e.calldata);
            closures.push(Box::new(move || {
                runner.run(calldata).expect("loop call");
            }));
        }
        for o in others.iter_mut() {
            let run = &mut o.run;
            closures.push(Box::new(move || {
                std::hint::black_box(run());
            }));
        }
        let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()).collect();
        measure(plan, &mut refs)
    };
    let base = evm.iter().position(|e| e.implementation == "generator-v7").expect("checked above");
    let v7 = m[base].clone();
    let mut rows = Vec::new();
    let mut measured = m.into_iter();
    let mut row = |implementation: &str, interface: &str, code: &str, products: u64| {
        let m = measured.next().expect("one measurement per implementation");
        let r = Ratio::of(&m, &v7);
        InterfaceLoopRow {
            implementation: implementation.into(),
            interface: interface.into(),
            code: code.into(),
            products,
            code_bytes: None,
            gas: None,
            schedule: None,
            gas_evmone: None,
            stats: m.wall,
            cpu_stats: m.cpu,
            calls_per_sample: m.calls_per_sample,
            ratio_to_v7: r.median,
            ratio_to_v7_min: r.min,
        }
    };
    for e in &evm {
        rows.push(InterfaceLoopRow {
            code_bytes: Some(e.code_bytes),
            gas: e.gas,
            schedule: e.schedule.clone(),
            gas_evmone: e.gas_evmone,
            ..row(&e.implementation, e.isa.name(), &e.code, e.products)
        });
    }
    for o in &others {
        rows.push(row(&o.implementation, &o.interface, "native", o.products));
    }
    Ok(InterfaceLoop {
        iterations,
        plan: format!(
            "warm-up {} ms, {} samples of {} ms each",
            plan.warmup.as_millis(),
            plan.samples,
            plan.sample.as_millis()
        ),
        rows,
        not_measured,
        published: published_rows_of(&published)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published rows carry the notes' v7 ratios: v8 over v7 is Update 3's 1.18 within its
    /// bars' rounding, and the interface-update figure's v7 row is its own base.
    #[test]
    fn published_ratios_to_v7() {
        let rows = published_rows().unwrap();
        let find = |figure: &str, label: &str| rows.iter().find(|r| r.figure == figure && r.label == label).unwrap();
        let v8 = find("update-3-endianness", "v8 (Huff)").ratio_to_v7.unwrap();
        assert!((v8 - 1.18).abs() < 0.01, "{v8}");
        assert_eq!(find("interface-update", "v7 (Huff)").ratio_to_v7, Some(1.0));
        let v1 = find("interface-update", "v1 (Yul)");
        assert!((v1.ms - 24.737).abs() < 1e-9 && v1.gas_used == Some(12_569_235), "{v1:?}");
        assert!((v1.ratio_to_v7.unwrap() - 24.737 / 4.43).abs() < 1e-9);
        let wabt = find("interface-update-wasm", "wasm (wabt)");
        assert!((wabt.ratio_to_v7.unwrap() - 7.0302 / 4.43).abs() < 1e-9);
    }

    /// The notes' bytecode, run in this EVM, returns what the notes expected and costs, under
    /// evmone's prices, exactly the gas the notes' evmone reported (v8 has no published gas).
    #[test]
    fn notes_bytecode_costs_the_published_gas() {
        let published: Value = serde_json::from_str(PUBLISHED_JSON).unwrap();
        let rows = published_rows_of(&published).unwrap();
        for n in notes_code(&published).unwrap() {
            let language = if n.expected.len() == 1 { "huff" } else { "yul" };
            let want = rows
                .iter()
                .find(|p| {
                    p.figure == "interface-update"
                        && p.interface.as_deref() == Some(n.interface.as_str())
                        && p.language == language
                })
                .and_then(|p| p.gas_used);
            let isa = InstructionSet::Evm384(n.interface.parse().unwrap());
            let e = evm_loop(n.file.into(), isa, "published", 0, n.code, n.calldata, &n.expected)
                .unwrap_or_else(|e| panic!("{}: {e}", n.file));
            match want {
                Some(g) => assert_eq!(e.gas_evmone, Some(g as f64), "{}", n.file),
                None => assert_eq!(n.interface, "v8", "{}: no published gas", n.file),
            }
        }
    }

    /// Every bytecode file of the notes is described in `published.json`.
    #[test]
    fn notes_bytecode_is_described() {
        let published: Value = serde_json::from_str(PUBLISHED_JSON).unwrap();
        let code = notes_code(&published).unwrap();
        assert_eq!(code.len(), NOTES_BYTECODE.len());
        assert!(code.iter().all(|c| !c.code.is_empty() && !c.expected.is_empty()));
    }
}
