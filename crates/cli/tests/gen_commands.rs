//! `evm384 build pairing-check` and `evm384 vectors` end to end.

use std::process::{Command, Output};

fn evm384(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evm384")).args(args).output().expect("binary runs")
}

fn testdata(rel: &str) -> String {
    evm384_vectors::testdata("eip2537").join(rel).display().to_string()
}

#[test]
fn build_pairing_check_prints_hex_and_size() {
    for iface in ["v7", "v8", "v9"] {
        let o = evm384(&["build", "pairing-check", "--interface", iface, "--f2mul", "v3"]);
        assert!(o.status.success());
        let code = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
        assert!(code.len() <= 24_576, "{iface}: {} bytes", code.len());
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(&format!("{} bytes", code.len())), "{err}");
        let o = evm384(&["build", "pairing-check", "--interface", iface, "--f2mul", "v3", "--init"]);
        let init = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
        assert_eq!(&init[init.len() - code.len()..], &code[..]);
    }
}

/// Without formula options `build` emits the cheapest build under the instruction set's
/// reference schedule, byte for byte what `--optimize-for` that schedule finds, and says so; a
/// formula option overrides that one choice and keeps the others.
#[test]
fn build_pairing_check_defaults_to_the_cheapest_build() {
    let default = evm384(&["build", "pairing-check", "--interface", "v9"]);
    assert!(default.status.success());
    let optimized = evm384(&["build", "pairing-check", "--interface", "v9", "--optimize-for", "model-b-repriced"]);
    assert!(optimized.status.success());
    assert_eq!(default.stdout, optimized.stdout, "the default v9 build is the cheapest under model-b-repriced");
    let err = String::from_utf8(default.stderr).unwrap();
    let cheapest = evm384_build::Formulas::cheapest(evm384_gen::InstructionSet::Evm384(evm384_gen::Interface::V9));
    assert!(err.contains(&format!("{cheapest}, ")), "{err}");
    assert!(err.contains("(the cheapest build under model-b-repriced at k = 2)"), "{err}");

    // one option overridden, the others kept: v9's cheapest unrolls x4 and inlines
    assert_eq!((cheapest.unroll, cheapest.inline), (4, true));
    let o = evm384(&["build", "pairing-check", "--interface", "v9", "--unroll", "2"]);
    assert!(o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    let expected = evm384_build::Formulas { unroll: 2, ..cheapest };
    assert!(err.contains(&format!("{expected}, ")) && !err.contains("the cheapest build"), "{err}");
    let o = evm384(&["build", "pairing-check", "--interface", "v9", "--no-inline"]);
    let err = String::from_utf8(o.stderr).unwrap();
    let expected = evm384_build::Formulas { inline: false, ..cheapest };
    assert!(err.contains(&format!("{expected}, ")) && !err.contains("inlined"), "{err}");
    let o = evm384(&["build", "pairing-check", "--inline", "--no-inline"]);
    assert_eq!(o.status.code(), Some(2), "--inline and --no-inline conflict");
}

/// A formula choice over the code limit is refused with the sizes; `--optimize-for` conflicts
/// with explicit formulas, and emits exactly the build of the formulas it reports as chosen.
#[test]
fn build_choices_and_optimize_for() {
    let o = evm384(&["build", "pairing-check", "--interface", "v7", "--f2mul", "v3", "--squaring", "karabina"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("over the EIP-170 limit of 24576 bytes"), "{err}");
    assert!(o.stdout.is_empty());

    let o = evm384(&["build", "pairing-check", "--optimize-for", "model-b", "--f2mul", "v4"]);
    assert_eq!(o.status.code(), Some(2), "conflicting flags are a usage error");
    let o = evm384(&["build", "pairing-check", "--optimize-for", "cheapest"]);
    assert_eq!(o.status.code(), Some(2));

    let o = evm384(&["build", "pairing-check", "--interface", "v7", "--optimize-for", "model-b"]);
    assert!(o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    let chosen = err.lines().find(|l| l.ends_with("<- chosen")).unwrap_or_else(|| panic!("{err}"));
    assert_eq!(
        err.lines().filter(|l| l.contains(" gas") || l.contains("over 24576")).count(),
        evm384_build::Formulas::all().len(),
        "{err}"
    );
    // "f2mul v4, granger-scott squaring, loops unrolled x4   23581 bytes  594645 gas  <- chosen"
    let f2mul = chosen.split(',').next().unwrap().trim_start_matches("f2mul ").trim();
    let squaring = chosen.split(", ").nth(1).unwrap().split(' ').next().unwrap();
    let unroll = chosen.split("unrolled x").nth(1).map_or("1", |r| r.split([' ', ',']).next().unwrap());
    let mut args = vec!["build", "pairing-check", "--interface", "v7", "--f2mul", f2mul, "--squaring", squaring];
    args.extend(["--unroll", unroll]);
    args.push(if chosen.contains("inlined") { "--inline" } else { "--no-inline" });
    let direct = evm384(&args);
    assert!(direct.status.success());
    assert_eq!(o.stdout, direct.stdout, "the optimised build is the chosen formulas' build");
}

#[test]
fn vectors_pass_and_failures_are_reported() {
    let ok = testdata("eips-assets/pairing_check_bls.json");
    let fail = testdata("eips-assets/fail-pairing_check_bls.json");
    let o = evm384(&["vectors", &ok, &fail, "--interface", "v9"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}");
    assert!(out.lines().last().unwrap().ends_with("passed, 0 failed"), "{out}");
    assert!(out.contains("model-b="), "gas under every schedule: {out}");
    // a case with a wrong expectation makes the command fail
    let dir = std::env::temp_dir().join(format!("evm384-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.json");
    let cases: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&ok).unwrap()).unwrap();
    let mut case = cases[0].clone();
    let flipped = if case["Expected"].as_str().unwrap().ends_with('1') { "0" } else { "1" };
    case["Expected"] = format!("{}{flipped}", "0".repeat(63)).into();
    std::fs::write(&wrong, serde_json::to_string(&vec![case]).unwrap()).unwrap();
    let o = evm384(&["vectors", wrong.to_str().unwrap(), "--interface", "v8", "--op", "pairing-check"]);
    assert!(!o.status.success());
    assert!(String::from_utf8(o.stdout).unwrap().contains("0 passed, 1 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A malformed case is rejected with an error naming the file and the case, before anything
/// runs: an `Expected` that is not a 32-byte boolean word, or no `Input`.
#[test]
fn vectors_reject_malformed_cases() {
    let dir = std::env::temp_dir().join(format!("evm384-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = format!("{}1", "0".repeat(63));
    let cases = [
        ("short-expected", r#"[{"Name": "c1", "Input": "", "Expected": "01"}]"#.to_string(), "32-byte boolean"),
        ("two-expected", format!(r#"[{{"Name": "c2", "Input": "", "Expected": "{}2"}}]"#, "0".repeat(63)), "32-byte"),
        ("hex-expected", format!(r#"[{{"Name": "c3", "Input": "", "Expected": "zz{}"}}]"#, &one[2..]), "`Expected`"),
        ("no-input", format!(r#"[{{"Name": "c4", "Expected": "{one}"}}]"#), "no `Input`"),
    ];
    for (file, text, why) in cases {
        let path = dir.join(format!("{file}.json"));
        std::fs::write(&path, text).unwrap();
        let o = evm384(&["vectors", path.to_str().unwrap(), "--interface", "v9", "--op", "pairing-check"]);
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(!o.status.success(), "{file}: accepted");
        assert!(err.contains(file) && err.contains(why), "{file}: {err}");
        assert!(o.stdout.is_empty(), "{file}: ran cases before rejecting the file");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `build --init` then `run --deploy`: the init code is run by CREATE (or a creation
/// transaction, or CREATE2) and the created contract answers a G1ADD vector as the runtime code
/// placed in state does, with the same gas, in v9 (whose immediates the analysis must skip).
#[test]
fn built_init_code_deploys_and_answers_through_run_deploy() {
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(testdata("eips-assets/add_G1_bls.json")).unwrap()).unwrap();
    let (input, expected) = (cases[0]["Input"].as_str().unwrap(), cases[0]["Expected"].as_str().unwrap());
    let hex_of = |o: &Output| String::from_utf8(o.stdout.clone()).unwrap().trim().to_string();
    let runtime = hex_of(&evm384(&["build", "g1-add", "--interface", "v9"]));
    let init = hex_of(&evm384(&["build", "g1-add", "--interface", "v9", "--init"]));
    let json = |args: &[&str]| -> serde_json::Value {
        let o = evm384(args);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let placed = json(&["run", "--interface", "v9", "--code", &runtime, "--calldata", input, "--json"]);
    assert_eq!(placed["output"], format!("0x{expected}"));
    for how in [None, Some("transaction"), Some("create"), Some("create2")] {
        let mut args = vec!["run", "--interface", "v9", "--code", &init, "--calldata", input, "--json", "--deploy"];
        args.extend(how);
        let created = json(&args);
        assert_eq!((&created["output"], &created["gas_used"]), (&placed["output"], &placed["gas_used"]), "{how:?}");
        assert!(created["created"]["address"].as_str().unwrap().starts_with("0x"), "{created}");
    }
    // Init code that reverts: a one-line error naming the creation, exit 1.
    let o = evm384(&["run", "--code", "5f5ffd", "--deploy"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("creation by CREATE failed") && err.lines().count() == 1, "{err}");
}

/// `vectors` creates the contracts by CREATE by default; `--deploy`, `--placed` choose
/// otherwise, with the same results.
#[test]
fn vectors_through_created_and_placed_contracts() {
    let file = testdata("eips-assets/add_G2_bls.json");
    for extra in [&[][..], &["--deploy", "transaction"], &["--deploy", "create2"], &["--placed"]] {
        let mut args = vec!["vectors", &file, "--interface", "v9", "--interface", "evmmax"];
        args.extend_from_slice(extra);
        let o = evm384(&args);
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(o.status.success() && out.lines().last().unwrap().ends_with(" passed, 0 failed"), "{extra:?}: {out}");
    }
    let o = evm384(&["vectors", &file, "--placed", "--deploy", "create"]);
    assert_eq!(o.status.code(), Some(2), "--placed and --deploy conflict");
}

/// `conformance` runs the shipped EIP-6690 suite in full; a case with a wrong expectation
/// fails the command with its rule; a folder without cases is an error.
#[test]
fn conformance_runs_the_eip6690_suite() {
    let o = evm384(&["conformance"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}");
    let last = out.lines().last().unwrap();
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 400 && last.ends_with(" passed, 0 failed"), "{out}");
    let dir = std::env::temp_dir().join(format!("evm384-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = evm384_vectors::testdata("eip6690/arithmetic.json");
    let mut group: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let gas = group["cases"][0]["gas"].as_u64().unwrap();
    group["cases"][0]["gas"] = (gas + 1).into();
    std::fs::write(dir.join("arithmetic.json"), serde_json::to_string(&group).unwrap()).unwrap();
    let o = evm384(&["conformance", dir.to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL arithmetic/") && out.contains("rule: ") && out.contains(" 1 failed"), "{out}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(evm384(&["conformance", empty.to_str().unwrap()]).status.code(), Some(1));
    std::fs::remove_dir_all(&dir).ok();
}

/// BLS12-377: `vectors --curve bls12-377` runs the EIP-2539 files (ADD, MUL, MULTIEXP) through
/// the contracts and the native executor (no precompile); `build --curve bls12-377` writes G1ADD
/// and G1MULTIEXP, and BLS12-381 has no G1MUL.
#[test]
fn bls12_377_vectors_and_build() {
    let d = evm384_vectors::testdata("eip2539");
    for (op, f) in [
        ("g1-add", "add_G1"),
        ("g2-add", "add_G2"),
        ("g1-mul", "mul_G1"),
        ("g2-mul", "mul_G2"),
        ("g1-msm", "multiexp_G1"),
        ("g2-msm", "multiexp_G2"),
    ] {
        let files =
            [format!("{f}_bls12377.json"), format!("fail-{f}_bls12377.json")].map(|f| d.join(f).display().to_string());
        let mut args =
            vec!["vectors", "--curve", "bls12-377", "--op", op, "--interface", "v9", "--interface", "evmmax"];
        args.extend(files.iter().map(String::as_str));
        let o = evm384(&args);
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
        assert!(out.contains(" native ") && !out.contains("precompile"), "{out}");
        assert!(out.lines().last().unwrap().ends_with(" passed, 0 failed"), "{out}");
    }
    let o = evm384(&["build", "g1-add", "--curve", "bls12-377", "--interface", "v7"]);
    assert!(o.status.success());
    assert!(String::from_utf8(o.stderr).unwrap().contains("BLS12-377 g1-add"));
    let o = evm384(&["build", "g1-msm", "--curve", "bls12-377"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = evm384(&["build", "g1-mul", "--curve", "bls12-381"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8(o.stderr).unwrap().contains("EIP-2537 has no G1MUL"));
    assert_eq!(evm384(&["build", "g1-add", "--curve", "bn256"]).status.code(), Some(2), "no such curve");
    let o = evm384(&["build", "g2-add", "--curve", "bn254"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8(o.stderr).unwrap().contains("EIP-196 has no such operation"));
    // PAIRING: the files' names give the operation; the contract builds for the curve
    let files = ["pairing_bls12377.json", "fail-pairing_bls12377.json"].map(|f| d.join(f).display().to_string());
    let o = evm384(&["vectors", "--curve", "bls12-377", "--interface", "evmmax", &files[0], &files[1]]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success() && out.contains(" passed, 0 failed"), "{out}");
    let o = evm384(&["build", "pairing-check", "--curve", "bls12-377", "--interface", "v7"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8(o.stderr).unwrap().contains("BLS12-377 pairing-check"));
    let o = evm384(&["build", "map-fp-to-g1", "--curve", "bls12-377"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8(o.stderr).unwrap().contains("specifies no map to the curve"));
}

/// BN254 (EIP-196/197): `vectors --curve bn254` recognises go-ethereum's file names and the made
/// files, compares the contracts with revm's 0x06-0x08, and `build ec-add|ec-mul|ec-pairing`
/// writes the contracts.
#[test]
fn bn254_vectors_and_build() {
    let d = evm384_vectors::testdata("bn254");
    let files = ["bn256Add.json", "fail-ecmul.json", "bn256Pairing.json"].map(|f| d.join(f).display().to_string());
    let mut args = vec!["vectors", "--curve", "bn254", "--interface", "evmmax", "--interface", "v9"];
    args.extend(files.iter().map(String::as_str));
    let o = evm384(&args);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains(" precompile ") && out.lines().last().unwrap() == "42 passed, 0 failed", "{out}");
    let ecmul = d.join("ecmul.json").display().to_string();
    let o = evm384(&["vectors", "--curve", "bn254", "--op", "ec-mul", "--interface", "evmmax", &ecmul]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    for (cmd, name) in [("ec-add", "g1-add"), ("ec-mul", "g1-mul"), ("ec-pairing", "pairing-check")] {
        let o = evm384(&["build", cmd, "--curve", "bn254", "--interface", "evmmax"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8(o.stderr).unwrap().contains(&format!("BN254 {name}")), "{cmd}");
    }
}

/// `--interface evm`, today's EVM: `build` writes BN254's ecAdd and BLS12-381's G1ADD, `run`
/// deploys the init code and answers 2G, and `vectors` passes a file with the gas under each of
/// today's schedules on its lines.
#[test]
fn todays_evm_builds_runs_and_passes_vectors() {
    let o = evm384(&["build", "ec-add", "--curve", "bn254", "--interface", "evm", "--init"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let init = String::from_utf8(o.stdout).unwrap();
    let g = format!("{:064x}{:064x}", 1, 2); // EIP-196's generator (1, 2)
    let run = evm384(&[
        "run",
        "--interface",
        "evm",
        "--deploy",
        "create",
        "--code",
        init.trim(),
        "--calldata",
        &(g.clone() + &g),
    ]);
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.contains("status:   success") && out.contains("today's EVM"), "{out}");
    // 2G, as revm's 0x06 gives it
    assert!(out.contains("030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3"), "{out}");
    let o = evm384(&["build", "g1-add", "--interface", "evm"]);
    assert!(o.status.success(), "BLS12-381 on today's EVM: {}", String::from_utf8_lossy(&o.stderr));
    let o = evm384(&["vectors", &testdata("eips-assets/add_G1_bls.json"), "--interface", "evm"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success() && out.contains(" passed, 0 failed"), "{out}");
    assert!(out.contains("| evm ") && out.contains("osaka=") && out.contains("eip-7904="), "{out}");
}
