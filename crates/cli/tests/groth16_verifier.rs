//! `evm384 build groth16-verifier` end to end: the code it prints is `evm384_gen`'s for the key,
//! it verifies the published proof in revm, the backend options land in the code, gnark's files
//! serve as snarkjs' do, and bad key files fail with errors that say what is wrong.

use std::process::{Command, Output};

use evm384_evm::{RunOptions, Runner, Status};
use evm384_gen::glue::groth16::{
    calldata, proof_from_snarkjs_json, public_inputs_from_snarkjs_json, verifier_code, Backend, VerifyingKey,
};

fn evm384(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evm384")).args(args).output().expect("binary runs")
}

fn published(file: &str) -> String {
    evm384_vectors::testdata("groth16/groth16-solana").join(file).display().to_string()
}

#[test]
fn builds_the_verifier_of_a_snarkjs_key() {
    let vk_path = published("verification_key.json");
    let o = evm384(&["build", "groth16-verifier", "--vk", &vk_path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let code = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    let vk = VerifyingKey::from_snarkjs_json(&std::fs::read_to_string(&vk_path).unwrap()).unwrap();
    assert_eq!(code, verifier_code(&vk, &Backend::PRECOMPILES).unwrap());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("9 public inputs") && err.contains(&format!("{} bytes", code.len())), "{err}");

    let proof = proof_from_snarkjs_json(&std::fs::read_to_string(published("proof.json")).unwrap()).unwrap();
    let inputs = public_inputs_from_snarkjs_json(&std::fs::read_to_string(published("public.json")).unwrap()).unwrap();
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() });
    r.deploy(&code);
    let e = r.run(&calldata(&proof, &inputs)).unwrap();
    assert_eq!((e.status, e.output[31]), (Status::Success, 1));

    // another ecPairing address, as init code
    let o = evm384(&["build", "groth16-verifier", "--vk", &vk_path, "--ec-pairing", "0xb008", "--init"]);
    assert!(o.status.success());
    let init = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    let backend =
        Backend { ec_pairing: [&[0u8; 18][..], &[0xb0, 0x08]].concat().try_into().unwrap(), ..Backend::PRECOMPILES };
    let runtime = verifier_code(&vk, &backend).unwrap();
    assert_eq!(&init[init.len() - runtime.len()..], &runtime[..]);
}

#[test]
fn bad_key_files_say_what_is_wrong() {
    let missing = evm384(&["build", "groth16-verifier", "--vk", "/nonexistent/verification_key.json"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8(missing.stderr).unwrap().contains("cannot read /nonexistent/verification_key.json"));

    let dir = std::env::temp_dir().join(format!("evm384-groth16-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(published("verification_key.json")).unwrap();
    for (edit, want) in [
        (text.replace("\"bn128\"", "\"bls12381\""), "curve \"bls12381\""),
        (text.replace("\"nPublic\": 9", "\"nPublic\": 3"), "nPublic is 3 but IC has 10 points"),
        (text[..text.len() / 2].to_string(), "not JSON of snarkjs' shape"),
    ] {
        let path = dir.join("vk.json");
        std::fs::write(&path, edit).unwrap();
        let o = evm384(&["build", "groth16-verifier", "--vk", path.to_str().unwrap()]);
        assert!(!o.status.success());
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains("--vk") && err.contains(want), "{err} (want {want:?})");
        assert!(o.stdout.is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `build groth16-verifier --hinted` and `hint groth16` end to end on the published snarkjs
/// files: the verifier over the hinted BN254 check with a Miller factor (`build
/// pairing-check-hinted --curve bn254 --miller-factor`, EVMMAX) accepts the proof with the printed calldata, rejects it with a changed witness, and
/// the options' misuse fails with one-line errors.
#[test]
fn hinted_verifier_and_its_calldata() {
    let vk_path = published("verification_key.json");
    let o = evm384(&["build", "groth16-verifier", "--vk", &vk_path, "--hinted", "--ec-pairing", "0xb008"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let verifier = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    let o = evm384(&["build", "pairing-check-hinted", "--curve", "bn254", "--interface", "evmmax", "--miller-factor"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let check = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    let (proof, public) = (published("proof.json"), published("public.json"));
    let o = evm384(&["hint", "groth16", "--vk", &vk_path, "--proof", &proof, "--public", &public]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let calldata = hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    assert_eq!(calldata.len(), 256 + 9 * 32 + 384, "proof, 9 inputs, the witness");

    let mut r = Runner::new(RunOptions::default().with_instruction_set(evm384_evm::InstructionSet::Evmmax));
    r.deploy_at(evm384_evm::Address::new([&[0u8; 18][..], &[0xb0, 0x08]].concat().try_into().unwrap()), &check);
    r.deploy(&verifier);
    let e = r.run(&calldata).unwrap();
    assert_eq!((e.status, e.output[31]), (Status::Success, 1));
    let mut wrong = calldata.clone();
    *wrong.last_mut().unwrap() ^= 1;
    let e = r.run(&wrong).unwrap();
    assert_eq!((e.status, e.output[31]), (Status::Success, 0));

    let one_line = |o: &Output, needle: &str| {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.trim_end().lines().count() == 1 && err.contains(needle), "{err}");
    };
    one_line(&evm384(&["build", "groth16-verifier", "--vk", &vk_path, "--hinted"]), "--ec-pairing");
    one_line(&evm384(&["hint", "groth16", "--vk", &vk_path, "--proof", &vk_path, "--public", &public]), "--proof");
    one_line(&evm384(&["hint", "groth16", "--vk", &vk_path, "--proof", &proof, "--public", &vk_path]), "--public");
    one_line(&evm384(&["hint"]), "--pairs");
}

/// `--format gnark`: the verifier of gnark's key, plain and hinted, and `hint groth16`'s
/// calldata from gnark's proof and public witness; the plain verifier accepts A ‖ B ‖ C as
/// gnark's `MarshalSolidity` writes them followed by the inputs. A file of the other format is
/// refused with the flag that would read it; files that do not belong together say so.
#[test]
fn gnark_files() {
    let gnark = |file: &str| evm384_vectors::testdata("groth16/gnark").join(file).display().to_string();
    let (vk, proof, public) = (gnark("verifying_key.bin"), gnark("proof.bin"), gnark("public_witness.bin"));
    let code = |args: &[&str]| {
        let o = evm384(args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        hex::decode(String::from_utf8(o.stdout).unwrap().trim()).unwrap()
    };
    let plain = code(&["build", "groth16-verifier", "--format", "gnark", "--vk", &vk]);
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() });
    r.deploy(&plain);
    let public_bytes = std::fs::read(&public).unwrap();
    let solidity = std::fs::read(gnark("proof.solidity.bin")).unwrap();
    let e = r.run(&[solidity.as_slice(), &public_bytes[12..]].concat()).unwrap();
    assert_eq!((e.status, e.output[31]), (Status::Success, 1));

    let hinted =
        code(&["build", "groth16-verifier", "--format", "gnark", "--vk", &vk, "--hinted", "--ec-pairing", "0xb008"]);
    let check =
        code(&["build", "pairing-check-hinted", "--curve", "bn254", "--interface", "evmmax", "--miller-factor"]);
    let calldata = code(&["hint", "groth16", "--format", "gnark", "--vk", &vk, "--proof", &proof, "--public", &public]);
    assert_eq!(calldata.len(), 256 + 3 * 32 + 384);
    let mut r = Runner::new(RunOptions::default().with_instruction_set(evm384_evm::InstructionSet::Evmmax));
    r.deploy_at(evm384_evm::Address::new([&[0u8; 18][..], &[0xb0, 0x08]].concat().try_into().unwrap()), &check);
    r.deploy(&hinted);
    let e = r.run(&calldata).unwrap();
    assert_eq!((e.status, e.output[31]), (Status::Success, 1));

    let fails = |args: &[&str], needle: &str| {
        let o = evm384(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(needle), "{err} (want {needle:?})");
    };
    let json = published("verification_key.json");
    fails(&["build", "groth16-verifier", "--format", "gnark", "--vk", &json], "--format snarkjs");
    fails(&["build", "groth16-verifier", "--vk", &vk], "--format gnark");
    fails(&["hint", "groth16", "--format", "gnark", "--vk", &vk, "--proof", &public, "--public", &public], "--proof");
    // files that do not belong together
    let snarkjs = |file: &str| evm384_vectors::testdata("groth16/snarkjs-circom").join(file).display().to_string();
    let (key, other_proof, inputs) =
        (snarkjs("verification_key.json"), snarkjs("proof-2.json"), snarkjs("public.json"));
    fails(
        &["hint", "groth16", "--vk", &key, "--proof", &other_proof, "--public", &inputs],
        "the proof does not verify",
    );
    let nine = published("public.json");
    fails(
        &["hint", "groth16", "--vk", &key, "--proof", &other_proof, "--public", &nine],
        "9 public inputs, but the key takes 3",
    );
}
