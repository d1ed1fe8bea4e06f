//! The `evm384` binary end to end.

use std::process::{Command, Output};

fn evm384(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evm384")).args(args).output().expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The first case of programs.json (reference unit test, 58 gas).
fn add_program() -> (String, String) {
    let json = evm384_vectors::load_json("evm384/programs.json").unwrap_or_else(|e| panic!("{e}"));
    let case = &json["cases"][0];
    assert_eq!(case["name"], "addmod_1_v7");
    (case["code"].as_str().unwrap().into(), case["calldata"].as_str().unwrap().into())
}

fn json_of(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "stderr: {}", stderr(o));
    serde_json::from_str(&stdout(o)).expect("one JSON object")
}

#[test]
fn run_json_reports_status_output_gas_and_schedules() {
    let (code, calldata) = add_program();
    let o = evm384(&["run", "--code", &code, "--calldata", &calldata, "--json"]);
    let v = json_of(&o);
    assert_eq!(v["status"], "success");
    assert!(v["halt_reason"].is_null());
    assert!(v["output"].as_str().unwrap().starts_with("0x2d68c6c3a8b1f5a1"));
    assert_eq!(v["gas_used"], 58);
    assert_eq!(v["gas_by_schedule"]["evmone"], 58);
    assert_eq!(v["gas_by_schedule"]["model-a"], 52);
    assert_eq!(v["gas_by_schedule"]["model-a-fractional"], 40.6);
    assert_eq!(v["gas_by_schedule"].as_object().unwrap().len(), 9);
    assert!(v.get("counts").is_none());
}

#[test]
fn run_counts_schedule_and_file_input() {
    let (code, calldata) = add_program();
    let dir = std::env::temp_dir().join(format!("evm384-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("code.hex");
    // Whitespace and 0x prefix are allowed in files.
    std::fs::write(&file, format!("0x{}\n  {}\n", &code[..10], &code[10..])).unwrap();
    let at = format!("@{}", file.display());
    let o = evm384(&["run", "--schedule", "model-b", "--code", &at, "--calldata", &calldata, "--counts", "--json"]);
    let v = json_of(&o);
    assert_eq!(v["gas_used"], 51);
    assert_eq!(v["counts"]["ADDMOD384"], 1);
    assert_eq!(v["counts"]["PUSH16"], 1);
    assert_eq!(v["counts"]["CALLDATACOPY"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_reports_halts() {
    let o = evm384(&["run", "--interface", "v8", "--code", "c0", "--json"]);
    let v = json_of(&o);
    assert_eq!((v["status"].as_str(), v["halt_reason"].as_str()), (Some("halt"), Some("StackUnderflow")));
    let o = evm384(&["run", "--interface", "v9", "--code", "c0ffffffff", "--gas-limit", "100000"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("status:   halt (OutOfGas"), "{}", stdout(&o));
}

#[test]
fn human_output() {
    let (code, calldata) = add_program();
    let o = evm384(&["run", "--code", &code, "--calldata", &calldata, "--counts"]);
    let text = stdout(&o);
    assert!(text.contains("gas used: 58 (evmone, v7)"), "{text}");
    assert!(text.contains("model-b-fractional"), "{text}");
    assert!(text.contains("ADDMOD384"), "{text}");
}

fn assert_one_line_error(o: &Output, needle: &str) {
    assert!(!o.status.success());
    let err = stderr(o);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_input_gives_one_line_errors() {
    assert_one_line_error(&evm384(&["run", "--code", "abc"]), "odd");
    assert_one_line_error(&evm384(&["run", "--code", "zz"]), "invalid hex");
    assert_one_line_error(&evm384(&["run", "--code", "@/nonexistent/evm384.hex"]), "cannot read");
    assert_one_line_error(&evm384(&["run", "--code", "00", "--schedule", "model-c"]), "unknown gas schedule");
    assert_one_line_error(&evm384(&["run", "--code", "00", "--interface", "v10"]), "unknown interface");
    assert_one_line_error(&evm384(&["disasm", "--code", "0x6"]), "odd");
    assert_one_line_error(&evm384(&["run"]), "--code");
    assert_one_line_error(&evm384(&["frobnicate"]), "frobnicate");
}

#[test]
fn disasm_decodes_operands_in_every_interface() {
    // out=0x900 x=0x30 y=0x60 params=0x90
    let v7 = "6f00000900000000300000006000000090c2";
    for interface in ["v7", "v8"] {
        let o = evm384(&["disasm", "--interface", interface, "--code", v7]);
        let text = stdout(&o);
        assert!(text.contains("0000: PUSH16 0x00000900000000300000006000000090"), "{text}");
        assert!(text.contains("0011: MULMODMONT384 out=0x900 x=0x30 y=0x60 params=0x90"), "{text}");
    }
    let v9 = "c0000900003000000060000000900000005b";
    let text = stdout(&evm384(&["disasm", "--interface", "v9", "--code", v9]));
    assert!(text.contains("0000: ADDMOD384 out=0x900 x=0x30 y=0x60 params=0x90"), "{text}");
    assert!(text.contains("0011: JUMPDEST"), "{text}");
}

#[test]
fn bench_ops_json_has_the_promised_fields() {
    let o = evm384(&["bench", "ops", "--json", "--quick"]);
    let v = json_of(&o);
    for key in [
        "mulmodmont384_ns",
        "mulmodmont384_min_ns",
        "blst_fp_mul_ns",
        "blst_fp_mul_min_ns",
        "ratio_mulmont_to_blst",
        "ratio_mulmont_to_blst_min",
        "addmod384_ns",
        "blst_fp_sub_min_ns",
    ] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}");
    }
    for op in ["ADDMOD384", "SUBMOD384", "MULMODMONT384"] {
        assert!(v["evm_ns_per_op"][op].is_number() && v["evm_min_ns_per_op"][op].is_number(), "{op}");
    }
    assert!(v["detail"]["pairs"][0]["blst_ns"]["samples"].as_u64().unwrap() >= 3);
}

/// `report --from` renders a committed result without measuring, and `--save` keeps its JSON
/// byte for byte; a file that is not a results file is an error.
#[test]
fn report_from_a_committed_result() {
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/../../results/amd-epyc-2026-11-24.json");
    let dir = std::env::temp_dir().join(format!("evm384-from-{}", std::process::id()));
    let (out, saved) = (dir.join("out"), dir.join("saved"));
    std::fs::create_dir_all(&saved).unwrap();
    let o = evm384(&["report", "--from", committed, "--out", out.to_str().unwrap(), "--save", saved.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("## 4. Where parity lies") && md.contains("AMD EPYC"), "{md}");
    assert_eq!(std::fs::read(saved.join("amd-epyc-2026-11-24.json")).unwrap(), std::fs::read(committed).unwrap());
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"schema_version\": 1}").unwrap();
    let o = evm384(&["report", "--from", bad.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a results file"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// `evm384 fuzz …` short runs (CI); long mode: `--cases 10000000` (ops), `--cases 20000`
/// (pairing), documented in the README.
#[test]
fn fuzz_commands_find_nothing_and_report_their_classes() {
    let v = json_of(&evm384(&["fuzz", "ops", "--cases", "50000", "--json"]));
    assert_eq!((v["cases"].as_u64(), v["mismatches"].as_u64()), (Some(50000), Some(0)));
    assert!(v["evm_cases"].as_u64().unwrap() >= 190);
    assert_eq!(v["by_modulus"].as_object().unwrap().len(), 6);
    let v = json_of(&evm384(&["fuzz", "pairing", "--cases", "60", "--max-k", "4", "--json"]));
    assert_eq!((v["cases"].as_u64(), v["disagreements"].as_u64()), (Some(60), Some(0)));
    assert_eq!(v["interfaces"], serde_json::json!(["v7", "v9"]));
    let shares: f64 = v["by_mutation"].as_object().unwrap().values().map(|c| c["share"].as_f64().unwrap()).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    let v = json_of(&evm384(&["fuzz", "bytecode", "--cases", "3000", "--json"]));
    assert_eq!((v["cases"].as_u64(), v["violations"].as_u64()), (Some(3000), Some(0)));
    // Replaying one case by its index.
    let v = json_of(&evm384(&["fuzz", "ops", "--seed", "9", "--first-case", "123456", "--cases", "1", "--json"]));
    assert_eq!((v["cases"].as_u64(), v["first_case"].as_u64()), (Some(1), Some(123456)));
    // Bad arguments: one line, exit 2.
    let o = evm384(&["fuzz", "pairing", "--max-k", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = evm384(&["fuzz", "pairing", "--interfaces", "v7,v10"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `--interface evmmax` for `run` and `disasm`: EIP-6690 code (modulus 101; r0 = 5 from
/// memory; r1 = r0·r0 by MULMODX; LOADX r1; RETURN) runs and disassembles.
#[test]
fn evmmax_run_and_disasm() {
    let code = concat!(
        "6065", "6000", "53", // MSTORE8(0, 101)
        "6003", "6001", "6000", "6001", "c0", // SETMODX(id 1, offset 0, size 1, 3 registers)
        "6005", "6010", "52", // MSTORE(16, 5): 5 at bytes 40..48
        "6001", "6028", "6000", "c2", // STOREX(dest r0, source 40, count 1)
        "c5", "01", "01", "00", "00", "00", "00", "01", // MULMODX out=1/1 x=0/0 y=0/0 count=1
        "6001", "6001", "6000", "c1", // LOADX(dest 0, source r1, count 1)
        "6008", "6000", "f3" // RETURN(0, 8)
    );
    let v = json_of(&evm384(&["run", "--interface", "evmmax", "--code", code, "--json"]));
    assert_eq!(v["status"], "success");
    assert_eq!(v["output"], "0x0000000000000019"); // 25
    assert_eq!(v["gas_by_schedule"], serde_json::json!({}), "EVM384 schedules do not price EVMMAX code");
    let v = json_of(&evm384(&["run", "--interface", "evmmax", "--code", code, "--json", "--counts"]));
    assert_eq!((v["counts"]["SETMODX"].as_u64(), v["counts"]["MULMODX"].as_u64()), (Some(1), Some(1)), "{v}");
    assert!(v["counts"].get("ADDMOD384").is_none());
    let o = evm384(&["disasm", "--interface", "evmmax", "--code", code]);
    let text = stdout(&o);
    assert!(text.contains("SETMODX") && text.contains("MULMODX out=1/1 x=0/0 y=0/0 count=1"), "{text}");
    // The same bytes as EVM384 v7 code mean something else entirely.
    let o = evm384(&["run", "--interface", "v7", "--code", code, "--json"]);
    assert_ne!(json_of(&o)["output"], "0x0000000000000019");
    let o = evm384(&["run", "--interface", "evm999", "--code", code]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn evmmax_pairing_check_build_and_vectors() {
    let o = evm384(&["build", "pairing-check", "--interface", "evmmax"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let code = stdout(&o);
    let bytes = hex::decode(code.trim()).expect("hex");
    assert!(!bytes.is_empty() && bytes.len() <= 24_576);
    assert!(stderr(&o).contains("interface evmmax"), "{}", stderr(&o));
    let file = evm384_vectors::testdata_dir().join("eip2537/eips-assets/pairing_check_bls.json");
    let o = evm384(&["vectors", file.to_str().unwrap(), "--interface", "evmmax", "--interface", "v9"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("| evmmax 1 gas eip-6690=") && text.contains("| v9 1"), "{text}");
    assert!(text.lines().last().unwrap().ends_with(" passed, 0 failed"), "{text}");
    assert_one_line_error(
        &evm384(&["build", "pairing-check", "--interface", "evmmax", "--optimize-for", "model-b"]),
        "does not price evmmax",
    );
    let o = evm384(&["build", "pairing-check", "--interface", "evmmax", "--optimize-for", "eip-6690"]);
    assert!(o.status.success() && stderr(&o).contains("<- chosen"), "{}", stderr(&o));
}

#[test]
fn every_operation_builds_and_passes_its_vectors() {
    for (op, file) in [
        ("g1-add", "eips-assets/add_G1_bls.json"),
        ("g2-add", "eips-assets/fail-add_G2_bls.json"),
        ("g1-msm", "eips-assets/mul_G1_bls.json"),
        ("g2-msm", "eips-assets/fail-msm_G2_bls.json"),
        ("map-fp-to-g1", "eips-assets/map_fp_to_G1_bls.json"),
        ("map-fp2-to-g2", "eips-assets/fail-map_fp2_to_G2_bls.json"),
    ] {
        let o = evm384(&["build", op, "--interface", "v9"]);
        assert!(o.status.success() && stderr(&o).contains(op), "{}", stderr(&o));
        let path = evm384_vectors::testdata_dir().join("eip2537").join(file);
        let o = evm384(&["vectors", path.to_str().unwrap(), "--interface", "v9", "--interface", "evmmax"]);
        let text = stdout(&o);
        assert!(o.status.success(), "{text}");
        assert!(text.lines().last().unwrap().ends_with(" passed, 0 failed"), "{text}");
    }
    // the BLS glue: over the precompiles by default, or at given addresses; bad options
    let o = evm384(&["build", "bls-verify", "--pairing-check", "0xa4"]);
    assert!(o.status.success() && stderr(&o).contains("PAIRING_CHECK 00000000000000000000000000000000000000a4"));
    assert!(evm384(&["build", "bls-aggregate-verify"]).status.success());
    assert_one_line_error(&evm384(&["build", "hash-to-g2", "--dst", ""]), "1 to 255 bytes");
    assert_one_line_error(&evm384(&["build", "bls-verify", "--g2-add", "zz"]), "zz");
    // the hinted check: its witness for true pairs, a one-line error for false ones
    assert!(evm384(&["build", "pairing-check-hinted", "--interface", "v9"]).status.success());
    let pairs = hex::encode(evm384_gen::generator_pairs_input(evm384_gen::curves::Curve::Bls12_381, 1));
    assert_one_line_error(&evm384(&["hint", "--pairs", &pairs]), "no witness");
    assert_one_line_error(&evm384(&["hint", "--pairs", "00"]), "multiple of 384");
    // on BN254: 192-byte pairs, a 384-byte witness, its contract
    let bn = evm384_gen::curves::Curve::Bn254;
    assert!(evm384(&["build", "pairing-check-hinted", "--curve", "bn254", "--interface", "evmmax"]).status.success());
    let pairs = hex::encode(evm384_gen::generator_pairs_product_one(bn));
    let o = evm384(&["hint", "--curve", "bn254", "--pairs", &pairs, "--witness-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim().len(), 2 * 384, "u: 12 elements of 32 bytes");
    assert_one_line_error(&evm384(&["hint", "--curve", "bn254", "--pairs", &pairs[..382]]), "multiple of 192");
    // a file whose operation cannot be told
    let add = evm384_vectors::testdata_dir().join("eip2537/eips-assets/add_G1_bls.json");
    let copy = std::env::temp_dir().join(format!("evm384-cli-{}-cases.json", std::process::id()));
    std::fs::copy(&add, &copy).unwrap();
    assert_one_line_error(&evm384(&["vectors", copy.to_str().unwrap()]), "give --op");
    let o = evm384(&["vectors", copy.to_str().unwrap(), "--op", "g1-add", "--interface", "v7"]);
    assert!(o.status.success(), "{}", stdout(&o));
    std::fs::remove_file(copy).ok();
}
