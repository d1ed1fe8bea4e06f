//! The verifier's code: the key as data, the input combination by ecMul and ecAdd, one pairing
//! check (plain or hinted), the memory map below.

use ark_bn254::{Fq, Fr};
use ark_ff::{BigInteger, PrimeField};

use super::{encode_g1, encode_g2, Backend, Groth16Error, VerifyingKey, PROOF_BYTES};
use crate::backend::bytecode::opc::*;
use crate::curves::Curve;
use crate::glue::writer::Writer;
use crate::ir::F2Mul;
use crate::ops::hint::miller_value;
use crate::ops::pairing::hint_bytes;

/// Memory map (bytes): the pairing check's answer at 0, then its input: the hinted check's
/// witness and e(α, β)'s Miller value G (the hinted verifier), then the pairs e(−A, B)
/// (·e(α, β), the plain verifier's)·e(vk_x, γ)·e(C, δ), 192 bytes a pair; vk_x is accumulated
/// in its place, the product inputᵢ·ICᵢ beside it (where γ goes once the sum is done), so that
/// ecAdd reads vk_x ‖ inputᵢ·ICᵢ as its 128-byte input.
struct Memory {
    pairs: u64,
    /// Pairs before vk_x ‖ γ: −A ‖ B, and α ‖ β where the pairing check evaluates it.
    before_vk_x: u64,
}

impl Memory {
    const RESULT: u64 = 0x00;
    const INPUT: u64 = 0x40;
    /// `prefix`: bytes before the pairs (witness and G); `alpha_beta`: e(α, β) among the pairs.
    fn new(prefix: u64, alpha_beta: bool) -> Memory {
        Memory { pairs: Memory::INPUT + prefix, before_vk_x: 1 + alpha_beta as u64 }
    }
    fn neg_a(&self) -> u64 {
        self.pairs
    }
    fn b(&self) -> u64 {
        self.pairs + 64
    }
    fn alpha_beta(&self) -> u64 {
        self.pairs + 192
    }
    fn vk_x(&self) -> u64 {
        self.pairs + 192 * self.before_vk_x
    }
    fn gamma(&self) -> u64 {
        self.vk_x() + 64
    }
    fn c(&self) -> u64 {
        self.vk_x() + 192
    }
    fn delta(&self) -> u64 {
        self.vk_x() + 256
    }
    /// ecMul's input ICᵢ ‖ inputᵢ.
    fn mul(&self) -> u64 {
        self.vk_x() + 384
    }
    /// The pairing check's input: from `INPUT` to the end of the pairs.
    fn input_len(&self) -> u64 {
        self.mul() - Memory::INPUT
    }
}

/// [] → []: memory[dest..dest + len] ← code[label..label + len].
fn codecopy(c: &mut Writer, dest: u64, label: usize, len: u64) {
    c.push(len);
    c.push_label(label);
    c.push(dest);
    c.op(CODECOPY);
}

/// [] → []: memory[dest..dest + len] ← calldata[off..off + len].
fn calldatacopy(c: &mut Writer, dest: u64, off: u64, len: u64) {
    c.push(len);
    c.push(off);
    c.push(dest);
    c.op(CALLDATACOPY);
}

/// The verifier's runtime code for `vk` over `backend` (the key is checked first).
pub fn verifier_code(vk: &VerifyingKey, backend: &Backend) -> Result<Vec<u8>, Groth16Error> {
    write_verifier(vk, backend, None)
}

/// The verifier on the hinted pairing check with a Miller factor
/// (`ops::pairing::hinted_pairing_check_with_factor_program` on BN254, deployed at
/// `backend.ec_pairing`): its calldata is the plain verifier's followed by the check's witness
/// for the verifier's four pairs ([`hinted_calldata`](super::hinted_calldata)); it passes the
/// check that witness, e(α, β)'s Miller value G (a constant of the key,
/// `ops::hint::miller_value`, so the check's loop runs over three pairs) and the other three
/// pairs; everything else as [`verifier_code`]. A wrong witness makes the check, and so the
/// verifier, return 0.
pub fn hinted_verifier_code(vk: &VerifyingKey, backend: &Backend) -> Result<Vec<u8>, Groth16Error> {
    vk.check()?;
    let alpha_beta = [encode_g1(&vk.alpha).as_slice(), &encode_g2(&vk.beta)].concat();
    let g = miller_value(Curve::Bn254, &alpha_beta, F2Mul::V3)?;
    write_verifier(vk, backend, Some(&g))
}

/// The verifier; with `factor` (e(α, β)'s Miller value) the hinted one: the witness of
/// [`hint_bytes`] after the inputs in the calldata, copied before G and the three other pairs.
fn write_verifier(vk: &VerifyingKey, backend: &Backend, factor: Option<&[u8]>) -> Result<Vec<u8>, Groth16Error> {
    vk.check()?;
    let n = vk.public_inputs() as u64;
    let witness = if factor.is_some() { hint_bytes(Curve::Bn254) as u64 } else { 0 };
    let m = Memory::new(witness + factor.map_or(0, |g| g.len() as u64), factor.is_none());
    let (p, r) = (Fq::MODULUS.to_bytes_be(), Fr::MODULUS.to_bytes_be());
    let (p, r): ([u8; 32], [u8; 32]) = (p.try_into().expect("p has 32 bytes"), r.try_into().expect("r has 32 bytes"));

    let mut c = Writer::new();
    let (alpha_beta, gamma, delta) = (c.label(), c.label(), c.label()); // α ‖ β, or G
    let ic: Vec<usize> = (0..=n).map(|_| c.label()).collect();
    let reject = c.label();

    // calldata: A ‖ B ‖ C ‖ n inputs (‖ witness), exactly
    c.push(PROOF_BYTES + 32 * n + witness);
    c.op(CALLDATASIZE);
    c.op(EQ);
    c.op(ISZERO);
    c.invalid_if();

    // every input below r, else 0 (snarkjs' checkField), before any call
    if n > 0 {
        c.push32(&r); // [r]
        for i in 0..n {
            c.op(if i == 0 { DUP1 } else { DUP2 });
            c.push(PROOF_BYTES + 32 * i);
            c.op(CALLDATALOAD); // [r, (ok,) r, inputᵢ]
            c.op(LT); // inputᵢ < r
            if i > 0 {
                c.op(AND);
            }
        }
        c.op(ISZERO);
        c.jumpi_to(reject);
        c.op(POP);
    }

    // vk_x = IC₀ + Σ inputᵢ·ICᵢ
    codecopy(&mut c, m.vk_x(), ic[0], 64);
    for i in 1..=n {
        codecopy(&mut c, m.mul(), ic[i as usize], 64);
        calldatacopy(&mut c, m.mul() + 64, PROOF_BYTES + 32 * (i - 1), 32);
        c.staticcall(&backend.ec_mul, (m.mul(), 96), (m.vk_x() + 64, 64));
        c.staticcall(&backend.ec_add, (m.vk_x(), 128), (m.vk_x(), 64));
    }

    // −A = (x, (p − y) mod p), y < p required
    calldatacopy(&mut c, m.neg_a(), 0, 32);
    c.push32(&p);
    c.push(32);
    c.op(CALLDATALOAD); // [p, y]
    c.op(DUP2);
    c.op(DUP2); // [p, y, p, y]
    c.op(LT);
    c.op(ISZERO);
    c.invalid_if(); // y ≥ p
    c.op(DUP2); // [p, y, p]
    c.op(SUB); // [p, p − y]
    c.op(MOD); // [(p − y) mod p]: 0 stays 0
    c.push(m.neg_a() + 32);
    c.op(MSTORE);

    calldatacopy(&mut c, m.b(), 64, 128);
    match factor {
        None => codecopy(&mut c, m.alpha_beta(), alpha_beta, 192),
        Some(g) => codecopy(&mut c, Memory::INPUT + witness, alpha_beta, g.len() as u64),
    }
    codecopy(&mut c, m.gamma(), gamma, 128);
    calldatacopy(&mut c, m.c(), 192, 64);
    codecopy(&mut c, m.delta(), delta, 128);
    if witness > 0 {
        calldatacopy(&mut c, Memory::INPUT, PROOF_BYTES + 32 * n, witness);
    }
    c.staticcall(&backend.ec_pairing, (Memory::INPUT, m.input_len()), (Memory::RESULT, 32));
    c.push(32);
    c.push(Memory::RESULT);
    c.op(RETURN);

    c.place(reject);
    c.push(32);
    c.op(PUSH0);
    c.op(RETURN); // memory 0 is still zero

    let alpha_beta_bytes =
        factor.map_or_else(|| [encode_g1(&vk.alpha).as_slice(), &encode_g2(&vk.beta)].concat(), <[u8]>::to_vec);
    let (gamma_bytes, delta_bytes) = (encode_g2(&vk.gamma), encode_g2(&vk.delta));
    let ic_bytes: Vec<[u8; 64]> = vk.ic.iter().map(encode_g1).collect();
    let mut data: Vec<(usize, &[u8])> =
        vec![(alpha_beta, &alpha_beta_bytes), (gamma, &gamma_bytes), (delta, &delta_bytes)];
    data.extend(ic.iter().zip(&ic_bytes).map(|(&l, b)| (l, b.as_slice())));
    let too_large = |bytes| Groth16Error::CodeTooLarge { inputs: n as usize, bytes, limit: crate::MAX_CODE_SIZE };
    let code = c.finish_with_data(&data).map_err(too_large)?;
    if code.len() > crate::MAX_CODE_SIZE {
        return Err(too_large(code.len()));
    }
    Ok(code)
}
