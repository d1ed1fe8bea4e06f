//! BLS signatures as contracts (`evm384_gen::glue::bls`): hash-to-G2 against the RFC 9380 vectors
//! (J.10.1), verification and aggregate verification of blst's signatures, and every kind of
//! tampering — over the EIP-2537 precompiles and over this project's contracts in v7, v9 and
//! EVMMAX, in revm.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use blst::*;
use common::*;
use evm384_build::{Contract, Formulas, Operation};
use evm384_evm::{Address, InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::curves::Curve;
use evm384_gen::glue::address;
use evm384_gen::glue::bls::{glue_code, Backend, Glue, ETH_DST};
use rand::RngCore;

/// Where the operation contracts are deployed in the tests.
const ADDRESSES: Backend = Backend {
    g1_msm: address(0xa1),
    map_fp2_to_g2: address(0xa2),
    g2_add: address(0xa3),
    pairing_check: address(0xa4),
};

/// A runner with the glue at `CONTRACT` over the precompiles (`None`) or over this project's
/// contracts in `isa`.
fn runner(glue: Glue, dst: &[u8], isa: Option<InstructionSet>) -> Runner {
    let set = isa.unwrap_or(InstructionSet::Evm384(Interface::V7));
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(set));
    let backend = match isa {
        None => Backend::PRECOMPILES,
        Some(isa) => {
            for (c, at) in [
                (Operation::G1Msm, ADDRESSES.g1_msm),
                (Operation::MapFp2ToG2, ADDRESSES.map_fp2_to_g2),
                (Operation::G2Add, ADDRESSES.g2_add),
                (Operation::PairingCheck, ADDRESSES.pairing_check),
            ] {
                r.deploy_at(Address::new(at), &c.runtime_code(Curve::Bls12_381, isa, Formulas::default()).unwrap());
            }
            ADDRESSES
        }
    };
    r.deploy(&glue_code(glue, dst, &backend));
    r
}

fn backends() -> Vec<Option<InstructionSet>> {
    vec![
        None,
        Some(InstructionSet::Evm384(Interface::V7)),
        Some(InstructionSet::Evm384(Interface::V9)),
        Some(InstructionSet::Evmmax),
    ]
}

fn name(isa: Option<InstructionSet>) -> String {
    isa.map_or("precompiles".into(), |i| format!("contracts-{i}"))
}

/// `Some(output)` on success, `None` when the call halted or reverted.
fn call(r: &mut Runner, input: &[u8]) -> Option<Vec<u8>> {
    let e = r.run(input).expect("run");
    (e.status == Status::Success).then_some(e.output)
}

fn hex_field(s: &str) -> Vec<u8> {
    let v = hex::decode(s.trim_start_matches("0x")).unwrap();
    [vec![0u8; 64 - v.len()], v].concat()
}

/// RFC 9380 Appendix J.10.1 (BLS12381G2_XMD:SHA-256_SSWU_RO_): msg → P.
#[test]
fn hash_to_g2_matches_rfc9380() {
    let suite =
        evm384_vectors::load_json("rfc9380/bls12381g2_xmd_sha256_sswu_ro.json").unwrap_or_else(|e| panic!("{e}"));
    let dst = suite["dst"].as_str().unwrap().as_bytes();
    let vectors = suite["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), 5);
    for isa in backends() {
        let mut r = runner(Glue::HashToG2, dst, isa);
        for v in vectors {
            let msg = v["msg"].as_str().unwrap().as_bytes();
            let mut want = Vec::new();
            for coord in ["x", "y"] {
                for c in v["P"][coord].as_str().unwrap().split(',') {
                    want.extend(hex_field(c));
                }
            }
            assert_eq!(call(&mut r, msg), Some(want), "{} msg {:?}", name(isa), v["msg"]);
        }
    }
}

struct Keys {
    sk: blst_scalar,
    pk: blst_p1_affine,
}

fn keygen(rng: &mut TestRng) -> Keys {
    let mut ikm = [0u8; 32];
    rng.fill_bytes(&mut ikm);
    // SAFETY: blst reads the locals and writes the outputs.
    unsafe {
        let mut sk = blst_scalar::default();
        blst_keygen(&mut sk, ikm.as_ptr(), ikm.len(), std::ptr::null(), 0);
        let (mut pk, mut pka) = (blst_p1::default(), blst_p1_affine::default());
        blst_sk_to_pk_in_g1(&mut pk, &sk);
        blst_p1_to_affine(&mut pka, &pk);
        Keys { sk, pk: pka }
    }
}

/// blst's signature of `msg` under the consensus DST (H(msg)·sk in G2).
fn sign(sk: &blst_scalar, msg: &[u8]) -> blst_p2 {
    // SAFETY: blst reads the locals and writes the outputs.
    unsafe {
        let (mut h, mut sig) = (blst_p2::default(), blst_p2::default());
        blst_hash_to_g2(&mut h, msg.as_ptr(), msg.len(), ETH_DST.as_ptr(), ETH_DST.len(), std::ptr::null(), 0);
        blst_sign_pk_in_g1(&mut sig, &h, sk);
        sig
    }
}

fn affine2(p: &blst_p2) -> blst_p2_affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: blst reads and writes the locals.
    unsafe { blst_p2_to_affine(&mut a, p) };
    a
}

fn bool_word(b: bool) -> Vec<u8> {
    let mut w = vec![0u8; 32];
    w[31] = b as u8;
    w
}

/// Random keys and messages: blst's signatures verify; another message, another key, a
/// signature outside G2, a public key at infinity and a truncated input do not.
#[test]
fn verify_accepts_blst_signatures_and_rejects_tampering() {
    let mut rng = rng(2026);
    let cases: Vec<(Keys, Vec<u8>)> = (0..3)
        .map(|i| {
            let mut msg = vec![0u8; [0, 32, 200][i]];
            rng.fill_bytes(&mut msg);
            (keygen(&mut rng), msg)
        })
        .collect();
    let other = keygen(&mut rng);
    let off_g2 = random_e2_point(&mut rng);
    for isa in backends() {
        let who = name(isa);
        let mut r = runner(Glue::Verify, ETH_DST, isa);
        for (keys, msg) in &cases {
            let sig = affine2(&sign(&keys.sk, msg));
            let input = |pk: &blst_p1_affine, sig: &blst_p2_affine, msg: &[u8]| {
                [encode_g1(pk), encode_g2(sig), msg.to_vec()].concat()
            };
            assert_eq!(call(&mut r, &input(&keys.pk, &sig, msg)), Some(bool_word(true)), "{who}: valid");
            let mut other_msg = msg.clone();
            other_msg.push(1);
            assert_eq!(
                call(&mut r, &input(&keys.pk, &sig, &other_msg)),
                Some(bool_word(false)),
                "{who}: other message"
            );
            assert_eq!(call(&mut r, &input(&other.pk, &sig, msg)), Some(bool_word(false)), "{who}: other key");
            if !g2_in_subgroup_full(&off_g2) {
                assert_eq!(call(&mut r, &input(&keys.pk, &off_g2, msg)), None, "{who}: signature outside G2");
            }
            let inf = blst_p1_affine::default();
            assert_eq!(call(&mut r, &input(&inf, &sig, msg)), None, "{who}: public key at infinity");
            assert_eq!(call(&mut r, &input(&keys.pk, &sig, msg)[..383]), None, "{who}: truncated");
        }
    }
}

/// n keys sign one message; the aggregate signature verifies against the n keys, not against
/// n − 1 of them, nor with one key at infinity; n = 0 and a wrong n halt.
#[test]
fn aggregate_verify() {
    let mut rng = rng(7);
    let msg = b"attestation data root".to_vec();
    let keys: Vec<Keys> = (0..4).map(|_| keygen(&mut rng)).collect();
    let aggregate = |ks: &[Keys]| {
        let mut acc = blst_p2::default();
        for k in ks {
            let s = sign(&k.sk, &msg);
            let prev = acc;
            // SAFETY: blst reads and writes the locals.
            unsafe { blst_p2_add_or_double(&mut acc, &prev, &s) };
        }
        affine2(&acc)
    };
    let input = |pks: &[blst_p1_affine], sig: &blst_p2_affine| {
        let mut v = vec![0u8; 32];
        v[31] = pks.len() as u8;
        for pk in pks {
            v.extend(encode_g1(pk));
        }
        v.extend(encode_g2(sig));
        v.extend(&msg);
        v
    };
    for isa in backends() {
        let who = name(isa);
        let mut r = runner(Glue::AggregateVerify, ETH_DST, isa);
        for n in [1usize, 2, 4] {
            let pks: Vec<blst_p1_affine> = keys[..n].iter().map(|k| k.pk).collect();
            let sig = aggregate(&keys[..n]);
            assert_eq!(call(&mut r, &input(&pks, &sig)), Some(bool_word(true)), "{who}: n = {n}");
            if n > 1 {
                assert_eq!(call(&mut r, &input(&pks[..n - 1], &sig)), Some(bool_word(false)), "{who}: a key left out");
                let mut with_inf = pks.clone();
                with_inf[1] = blst_p1_affine::default();
                assert_eq!(call(&mut r, &input(&with_inf, &sig)), None, "{who}: a key at infinity");
            }
        }
        let sig = aggregate(&keys[..2]);
        let mut zero_n = input(&[], &sig);
        zero_n[31] = 0;
        assert_eq!(call(&mut r, &zero_n), None, "{who}: n = 0");
        let mut bad_n = input(&[keys[0].pk, keys[1].pk], &sig);
        bad_n[0] = 1; // n ≈ 2^248
        assert_eq!(call(&mut r, &bad_n), None, "{who}: n beyond the input");
    }
}

/// A backend address with no code halts the glue (EXTCODESIZE), whichever operation it is: a
/// STATICCALL to an empty account succeeds with no output, which the glue would otherwise read
/// as an answer. With code at all four addresses (a stub returning 128 bytes, the last word 1,
/// so that the aggregate key is not at infinity) the check passes.
#[test]
fn an_operation_address_without_code_halts() {
    let opts = RunOptions { count_opcodes: false, ..RunOptions::default() };
    let all = [ADDRESSES.g1_msm, ADDRESSES.map_fp2_to_g2, ADDRESSES.g2_add, ADDRESSES.pairing_check];
    let mut rng = rng(11);
    let keys = keygen(&mut rng);
    let sig = affine2(&sign(&keys.sk, b"m"));
    let mut agg_input = vec![0u8; 32];
    agg_input[31] = 1;
    agg_input.extend([encode_g1(&keys.pk), encode_g2(&sig), b"m".to_vec()].concat());
    let verify_input = [encode_g1(&keys.pk), encode_g2(&sig), b"m".to_vec()].concat();
    for (glue, input) in
        [(Glue::HashToG2, b"m".to_vec()), (Glue::Verify, verify_input), (Glue::AggregateVerify, agg_input)]
    {
        for missing in [None, Some(0), Some(1), Some(2), Some(3)] {
            let mut r = Runner::new(opts.clone());
            for (i, at) in all.iter().enumerate() {
                if Some(i) != missing {
                    // MSTORE(0x60, 1); RETURN(0, 128)
                    r.deploy_at(Address::new(*at), &[0x60, 1, 0x60, 0x60, 0x52, 0x60, 0x80, 0x60, 0, 0xf3]);
                }
            }
            r.deploy(&glue_code(glue, ETH_DST, &ADDRESSES));
            let status = r.run(&input).unwrap().status;
            // The glue calls only some operations: hash-to-G2 neither G1MSM nor the pairing,
            // verification not G1MSM.
            let used = match glue {
                Glue::HashToG2 => [false, true, true, false],
                Glue::Verify => [false, true, true, true],
                Glue::AggregateVerify => [true, true, true, true],
            };
            match missing {
                Some(i) if used[i] => {
                    assert!(matches!(status, Status::Halt(_)), "{glue:?} without code at {i}: {status:?}")
                }
                _ => assert_eq!(status, Status::Success, "{glue:?}, missing {missing:?}"),
            }
        }
    }
}
