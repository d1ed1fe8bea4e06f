//! BLS signatures as contracts: hash-to-G2 (RFC 9380, suite BLS12381G2_XMD:SHA-256_SSWU_RO_) and
//! verification for the Ethereum consensus scheme (public keys in G1, signatures in G2,
//! ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`), single and aggregate over one
//! message.
//!
//! The contracts are glue in plain EVM code over the EIP-2537 operations, which they STATICCALL
//! at addresses fixed at build time ([`Backend`]): either the precompiles themselves (how a
//! contract verifies signatures with EIP-2537, the baseline) or this project's drop-in
//! contracts deployed at chosen addresses (the same verification written in EVM384 or EVMMAX
//! bytecode). The glue does what no precompile does:
//! - `expand_message_xmd` (RFC 9380 §5.3.1) with SHA-256 by the precompile 0x02: msg_prime =
//!   Z_pad ‖ msg ‖ I2OSP(256, 2) ‖ I2OSP(0, 1) ‖ DST_prime, b₀ = H(msg_prime), b₁ = H(b₀ ‖ 1 ‖
//!   DST_prime), bᵢ = H((b₀ ⊕ bᵢ₋₁) ‖ i ‖ DST_prime), 256 uniform bytes b₁ ‖ … ‖ b₈;
//! - `hash_to_field` (§5.2): each 64-byte chunk reduced mod p by MODEXP (0x05) with exponent 1;
//! - H(m) = MAP_FP2_TO_G2(u₀) + MAP_FP2_TO_G2(u₁) by G2ADD: clear_cofactor is linear, so the
//!   sum of the two cleared maps is hash_to_curve's clear_cofactor(Q₀ + Q₁) (§3);
//! - verification: e(pk, H(m))·e(−g₁, σ) = 1 by PAIRING_CHECK, which also checks that pk and σ
//!   are on their curves and in their subgroups; the glue rejects a public key at infinity
//!   (KeyValidate); the aggregate public key is G1MSM(pkᵢ, 1), which checks every key's
//!   subgroup, each key and the sum required not to be the point at infinity.
//!
//! Calldata ABI (points in the EIP-2537 encoding: 64-byte field elements, 16 zero bytes then
//! the value big-endian; G1 x ‖ y, 128 bytes; G2 x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, 256 bytes):
//! - hash-to-G2: `msg` (the whole calldata) → H(msg), 256 bytes;
//! - verify: `pk (128) ‖ σ (256) ‖ msg` → 32-byte boolean, 1 iff σ is pk's signature of msg;
//! - aggregate verify: `n (32-byte big-endian) ‖ pk₁ … pkₙ (128 each) ‖ σ (256) ‖ msg` → 1 iff
//!   σ is the aggregate signature of msg by all n keys (FastAggregateVerify).
//!
//! A well-formed input whose signature does not verify returns 0. Malformed input halts with
//! INVALID (as the precompiles' failures do): too short, n = 0 or n inconsistent with the
//! length, a public key at infinity, an aggregate key at infinity, or any encoding, curve or
//! subgroup error reported by a called operation. So does a misconfigured backend: an operation
//! address that is no precompile and has no code (EXTCODESIZE 0) halts before it is called.

use super::writer::{address, Writer};
use crate::backend::bytecode::opc::*;
use crate::curves::{Curve, G1_GENERATOR};

/// The other precompiles the glue uses (last address byte): SHA-256 and MODEXP.
const SHA256: u8 = 0x02;
const MODEXP: u8 = 0x05;

/// The DST of the Ethereum consensus signatures (proof-of-possession scheme, min-pubkey-size).
pub const ETH_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// Bytes of expand_message_xmd's output: two Fp2 elements, 64 bytes per Fp coordinate.
const UNIFORM_BYTES: u32 = 256;

/// Where the glue finds the EIP-2537 operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backend {
    pub g1_msm: [u8; 20],
    pub map_fp2_to_g2: [u8; 20],
    pub g2_add: [u8; 20],
    pub pairing_check: [u8; 20],
}

impl Backend {
    /// The EIP-2537 precompiles.
    pub const PRECOMPILES: Backend = Backend {
        g1_msm: address(0x0c),
        map_fp2_to_g2: address(0x11),
        g2_add: address(0x0d),
        pairing_check: address(0x0f),
    };
}

/// What the glue contract does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glue {
    /// `msg` → H(msg).
    HashToG2,
    /// `pk ‖ σ ‖ msg` → valid?
    Verify,
    /// `n ‖ pk₁…pkₙ ‖ σ ‖ msg` → valid?
    AggregateVerify,
}

// Memory map of the glue (bytes).
const M_UNIFORM: u64 = 0x000; // b₁ ‖ … ‖ b₈
const M_B0: u64 = 0x100; // b₀
const M_BI: u64 = 0x120; // the input of bᵢ: 32 bytes ‖ i ‖ DST_prime
const M_FIELDS: u64 = 0x300; // u₀.c0, u₀.c1, u₁.c0, u₁.c1: 64 bytes each
const M_MODEXP: u64 = 0x400; // MODEXP input: 3 lengths, 64-byte base, exponent 1, p
const M_Q: u64 = 0x500; // Q₀ ‖ Q₁
const M_PAIRS: u64 = 0x800; // pk ‖ H(m) ‖ −g₁ ‖ σ
const M_OFFSET: u64 = 0xb00; // the calldata offset of msg (one word)
const M_VAR: u64 = 0xc00; // G1MSM input, then msg_prime (grow with the input)

/// −g₁ = (x, p − y) for the G1 generator, EIP-2537-encoded (128 bytes).
fn neg_g1() -> Vec<u8> {
    let p = Curve::Bls12_381.params().p;
    let coord = |h: &str| -> evm384_arith::Limbs {
        evm384_arith::from_be_bytes(&hex::decode(h).expect("constant hex").try_into().expect("48 bytes"))
    };
    let (x, y) = (coord(G1_GENERATOR[0]), coord(G1_GENERATOR[1]));
    let minus_y = evm384_arith::submod384(&[0; 6], &y, &p);
    let mut out = Vec::with_capacity(128);
    for v in [x, minus_y] {
        out.extend_from_slice(&[0u8; 16]);
        out.extend_from_slice(&evm384_arith::to_be_bytes(&v));
    }
    out
}

/// expand_message_xmd(msg, dst, 256) → memory M_UNIFORM, msg = calldata from the offset in the
/// word at M_OFFSET to the end.
fn expand_message_xmd(c: &mut Writer, dst: &[u8]) {
    assert!(!dst.is_empty() && dst.len() <= 255, "RFC 9380: 1 ≤ len(DST) ≤ 255");
    let mut dst_prime = dst.to_vec();
    dst_prime.push(dst.len() as u8);
    // msg_prime = Z_pad (64 zero bytes) ‖ msg ‖ I2OSP(256, 2) ‖ 0 ‖ DST_prime at M_VAR
    c.op(PUSH0);
    c.push(M_VAR);
    c.op(MSTORE);
    c.op(PUSH0);
    c.push(M_VAR + 32);
    c.op(MSTORE);
    c.push(M_OFFSET);
    c.op(MLOAD);
    c.op(CALLDATASIZE);
    c.op(SUB); // [len(msg)]
    c.op(DUP1);
    c.push(M_OFFSET);
    c.op(MLOAD);
    c.push(M_VAR + 64); // [len, len, off, dest]
    c.op(CALLDATACOPY); // msg
    let mut tail = vec![(UNIFORM_BYTES >> 8) as u8, UNIFORM_BYTES as u8, 0];
    tail.extend_from_slice(&dst_prime);
    for (i, chunk) in tail.chunks(32).enumerate() {
        let mut w = [0u8; 32];
        w[..chunk.len()].copy_from_slice(chunk);
        c.op(PUSH32);
        c.extend(&w);
        c.op(DUP2);
        c.push(M_VAR + 64 + 32 * i as u64);
        c.op(ADD);
        c.op(MSTORE);
    }
    c.push(64 + tail.len() as u64);
    c.op(ADD); // [len(msg_prime)]
    c.staticcall_len_on_stack(&address(SHA256), M_VAR, (M_B0, 32)); // b₀
                                                                    // bᵢ inputs: 32 bytes ‖ i ‖ DST_prime
    c.mstore_bytes(M_BI + 33, &dst_prime);
    let bi_len = 33 + dst_prime.len() as u64;
    for i in 1..=(UNIFORM_BYTES / 32) as u64 {
        c.push(M_B0);
        c.op(MLOAD);
        if i > 1 {
            c.push(M_UNIFORM + 32 * (i - 2));
            c.op(MLOAD);
            c.op(XOR); // b₀ ⊕ bᵢ₋₁
        }
        c.push(M_BI);
        c.op(MSTORE);
        c.push(i);
        c.push(M_BI + 32);
        c.op(MSTORE8);
        c.staticcall(&address(SHA256), (M_BI, bi_len), (M_UNIFORM + 32 * (i - 1), 32));
    }
}

/// hash_to_field: the four 64-byte chunks of the uniform bytes mod p (MODEXP, exponent 1) into
/// M_FIELDS, each as an EIP-2537 field element (16 zero bytes, then 48).
fn hash_to_field(c: &mut Writer) {
    let p = evm384_arith::to_be_bytes(&Curve::Bls12_381.params().p); // MODEXP's modulus
    for (i, len) in [64u64, 1, 48].into_iter().enumerate() {
        c.push(len);
        c.push(M_MODEXP + 32 * i as u64);
        c.op(MSTORE);
    }
    let mut tail = vec![1u8]; // exponent 1, then p
    tail.extend_from_slice(&p);
    c.mstore_bytes(M_MODEXP + 96 + 64, &tail);
    for j in 0..4u64 {
        c.push(64);
        c.push(M_UNIFORM + 64 * j);
        c.push(M_MODEXP + 96);
        c.op(MCOPY); // the base
        c.staticcall(&address(MODEXP), (M_MODEXP, 96 + 64 + 1 + 48), (M_FIELDS + 64 * j + 16, 48));
    }
}

/// H(m) = MAP_FP2_TO_G2(u₀) + MAP_FP2_TO_G2(u₁) → memory `out` (256 bytes).
fn map_and_add(c: &mut Writer, b: &Backend, out: u64) {
    c.staticcall(&b.map_fp2_to_g2, (M_FIELDS, 128), (M_Q, 256));
    c.staticcall(&b.map_fp2_to_g2, (M_FIELDS + 128, 128), (M_Q + 256, 256));
    c.staticcall(&b.g2_add, (M_Q, 512), (out, 256));
}

/// The glue contract's runtime code for the DST `dst` over `backend`.
pub fn glue_code(glue: Glue, dst: &[u8], backend: &Backend) -> Vec<u8> {
    let mut c = Writer::new();
    match glue {
        Glue::HashToG2 => {
            c.op(PUSH0);
            c.push(M_OFFSET);
            c.op(MSTORE); // msg from calldata byte 0
        }
        Glue::Verify => {
            // pk ‖ σ ‖ msg
            c.push(384);
            c.op(CALLDATASIZE);
            c.op(LT);
            c.invalid_if(); // shorter than pk ‖ σ
            c.require_nonzero_calldata(false, 0, 128); // pk ≠ O
            c.push(128);
            c.op(PUSH0);
            c.push(M_PAIRS);
            c.op(CALLDATACOPY); // pk
            c.push(256);
            c.push(128);
            c.push(M_PAIRS + 512);
            c.op(CALLDATACOPY); // σ
            c.push(384);
            c.push(M_OFFSET);
            c.op(MSTORE);
        }
        Glue::AggregateVerify => {
            // n ‖ pk₁…pkₙ ‖ σ ‖ msg
            c.op(PUSH0);
            c.op(CALLDATALOAD); // [n]
            c.op(DUP1);
            c.op(ISZERO);
            c.invalid_if(); // n = 0
            c.op(DUP1);
            c.op(CALLDATASIZE);
            c.op(LT);
            c.invalid_if(); // n beyond any length (no overflow below)
            c.op(DUP1);
            c.push(128);
            c.op(MUL);
            c.push(32 + 256);
            c.op(ADD); // [n, 288 + 128n]
            c.op(DUP1);
            c.op(CALLDATASIZE);
            c.op(LT);
            c.invalid_if(); // shorter than n ‖ keys ‖ σ
            c.push(M_OFFSET);
            c.op(MSTORE); // msg offset; [n]
                          // G1MSM input: (pkᵢ, 1) for each key, each key ≠ O
            let (top, done) = (c.label(), c.label());
            c.op(PUSH0); // [n, i]
            c.place(top);
            c.op(DUP2);
            c.op(DUP2);
            c.op(LT); // i < n
            c.op(ISZERO);
            c.push_label(done);
            c.op(JUMPI);
            c.op(DUP1);
            c.push(128);
            c.op(MUL);
            c.push(32);
            c.op(ADD); // [n, i, off]
            c.require_nonzero_calldata(true, 0, 128); // pkᵢ ≠ O
            c.op(DUP1);
            c.push(160);
            c.op(MUL);
            c.push(M_VAR);
            c.op(ADD); // [n, i, dest]
            c.push(128);
            c.op(DUP3);
            c.push(128);
            c.op(MUL);
            c.push(32);
            c.op(ADD); // [n, i, dest, 128, off]
            c.op(DUP3); // [n, i, dest, 128, off, dest]
            c.op(CALLDATACOPY); // [n, i, dest]
            c.push(1);
            c.op(SWAP1);
            c.push(128 + 31);
            c.op(ADD);
            c.op(MSTORE8); // scalar 1 (its other 31 bytes are zero: memory is fresh)
            c.push(1);
            c.op(ADD);
            c.jump_to(top);
            c.place(done);
            c.op(POP); // [n]
            c.op(DUP1);
            c.push(160);
            c.op(MUL); // [n, 160n]
            c.staticcall_len_on_stack(&backend.g1_msm, M_VAR, (M_PAIRS, 128)); // Σ pkᵢ, subgroups checked
            c.require_nonzero_memory(M_PAIRS, 128); // the aggregate key ≠ O
            c.push(128);
            c.op(MUL);
            c.push(32);
            c.op(ADD); // [offset of σ]
            c.push(256);
            c.op(SWAP1);
            c.push(M_PAIRS + 512);
            c.op(CALLDATACOPY); // σ
        }
    }
    expand_message_xmd(&mut c, dst);
    hash_to_field(&mut c);
    match glue {
        Glue::HashToG2 => {
            map_and_add(&mut c, backend, M_PAIRS + 128);
            c.push(256);
            c.push(M_PAIRS + 128);
            c.op(RETURN);
        }
        Glue::Verify | Glue::AggregateVerify => {
            map_and_add(&mut c, backend, M_PAIRS + 128);
            c.mstore_bytes(M_PAIRS + 384, &neg_g1());
            c.staticcall(&backend.pairing_check, (M_PAIRS, 768), (0, 32));
            c.push(32);
            c.op(PUSH0);
            c.op(RETURN);
        }
    }
    c.finish()
}
