//! EIP-2537 `BLS12_PAIRING_CHECK` (address 0x0f) as a revm precompile whose pairing runs on
//! this project's AVX-512 IFMA engine (`evm384-ifma`; blst where the CPU lacks IFMA or
//! `EVM384_IFMA=off`).
//!
//! Everything but the pairing is revm's behaviour, rule for rule and in the same order, so that
//! the replacement is observable only as time: the same gas (`32600·k + 37700`), the same output
//! (32 bytes, last one 0 or 1) and the same halt reason for every bad input
//! ([`PrecompileHalt`]). The order (revm 43, `bls12_381/pairing.rs` and
//! `pairing_common.rs`; EIP-2537 "ABI for pairing"):
//!
//! 1. length: empty or not a multiple of 384 → `Bls12381PairingInputLength`;
//! 2. gas: `32600·k + 37700` above the limit → `OutOfGas`;
//! 3. padding of every field element of every pair (the top 16 of its 64 bytes are zero)
//!    → `Bls12381FpPaddingInvalid`;
//! 4. pair by pair: a point whose 48-byte coordinates are all zero is infinity and makes the
//!    pair a no-op, but its partner is still validated; a point is read as canonical
//!    coordinates (`NonCanonicalFp`, x before y, each Fp2 c0 before c1), then on its curve
//!    (`Bls12381G{1,2}NotOnCurve`), then in the prime-order subgroup (`…NotInSubgroup`), G1
//!    before G2;
//! 5. `∏ e(Pᵢ, Qᵢ) = 1` over the pairs left (none left: true), by `evm384_ifma::pairing_check`.
//!
//! The subgroup tests are the expensive part of step 4 (with blst, a G1 and a G2 test cost
//! together about a third of a two-pair check on IFMA), so [`pairing_check`] runs them out of
//! order without changing what it answers: it reads every pair first (step 4 without the
//! subgroup tests, stopping at the first failure), tests every G1 point read at once on the
//! IFMA engine (`evm384_ifma::g1_in_subgroup`), and, when all is well, tests the G2 points
//! on the Miller loop's own T = [|z|]Q (`evm384_ifma::pairing_check_testing_g2`). The halt
//! reason is then the first failure in revm's order: a failing G1 test loses to a failing G2
//! test of an earlier pair and wins over any later failure, and so on (blst answers the rare
//! questions of that order). [`decode_pairs`] is step 4 in order, as revm does it.
//!
//! `tests/revm_backend.rs` checks all of it against revm's own 0x0f: every EIP-2537 pairing
//! vector (success and failure) inside revm, and randomised mutations of valid inputs compared
//! result for result.
//!
//! # Installing it
//! [`precompiles`] is a spec's precompile set with 0x0f replaced; put it into a revm `Evm`
//! through its public field: `evm.precompiles = EthPrecompiles { precompiles:
//! evm384_precompile::precompiles(spec), spec }` (what [`eth_precompiles`] returns), or use
//! `evm384_evm::Runner::set_precompiles`. revm's global `install_crypto` is not used: it would
//! change every EVM of the process, and the report measures both backends side by side.

#![warn(missing_docs)]

use std::sync::OnceLock;

use blst::{
    blst_bendian_from_fp, blst_fp, blst_fp2, blst_fp_from_bendian, blst_p1_affine, blst_p1_affine_in_g1,
    blst_p1_affine_on_curve, blst_p2_affine, blst_p2_affine_in_g2, blst_p2_affine_on_curve,
};
use revm::handler::EthPrecompiles;
use revm::precompile::bls12_381_const::{
    FP_LENGTH, FP_PAD_BY, PADDED_FP_LENGTH, PAIRING_ADDRESS, PAIRING_INPUT_LENGTH, PAIRING_MULTIPLIER_BASE,
    PAIRING_OFFSET_BASE,
};
use revm::precompile::{
    call_eth_precompile, EthPrecompileOutput, EthPrecompileResult, Precompile, PrecompileId, PrecompileResult,
    PrecompileSpecId, Precompiles,
};
use revm::primitives::hardfork::SpecId;
use revm::primitives::B256;

pub use evm384_ifma::{backend, Backend, Pair};
pub use revm::precompile::PrecompileHalt;

/// The replacement precompile: revm's id and address for EIP-2537's pairing check, our pairing.
pub const PAIRING_CHECK: Precompile = Precompile::new(PrecompileId::Bls12Pairing, PAIRING_ADDRESS, run);

fn run(input: &[u8], gas_limit: u64, reservoir: u64) -> PrecompileResult {
    Ok(call_eth_precompile(pairing_check, input, gas_limit, reservoir))
}

/// Gas of a pairing check of `k` pairs (EIP-2537).
pub const fn gas(k: u64) -> u64 {
    PAIRING_MULTIPLIER_BASE * k + PAIRING_OFFSET_BASE
}

/// EIP-2537 PAIRING_CHECK: revm's input rules (see the crate documentation), the pairing on the
/// IFMA engine.
pub fn pairing_check(input: &[u8], gas_limit: u64) -> EthPrecompileResult {
    if input.is_empty() || !input.len().is_multiple_of(PAIRING_INPUT_LENGTH) {
        return Err(PrecompileHalt::Bls12381PairingInputLength);
    }
    let required = gas((input.len() / PAIRING_INPUT_LENGTH) as u64);
    if required > gas_limit {
        return Err(PrecompileHalt::OutOfGas);
    }
    let one = check_read_pairs(read_pairs(input)?)?;
    Ok(EthPrecompileOutput::new(required, B256::with_last_byte(one as u8).into()))
}

/// A pair as read: each point on its curve (or infinity: `None`), its subgroup not yet tested.
type ReadPair = (Option<blst_p1_affine>, Option<blst_p2_affine>);

/// Step 4 without the subgroup tests (padding first, step 3, as in `decode_pairs`): the pairs
/// read in order up to the first failure, which ends the list and comes with it. A pair whose
/// G2 point failed keeps its G1 point (read, and tested before that failure in revm's order).
struct Read {
    pairs: Vec<ReadPair>,
    failure: Option<PrecompileHalt>,
}

fn read_pairs(input: &[u8]) -> Result<Read, PrecompileHalt> {
    let unpadded: Vec<[&[u8; FP_LENGTH]; 6]> =
        input.chunks_exact(PAIRING_INPUT_LENGTH).map(unpad_pair).collect::<Result<_, _>>()?;
    let mut pairs = Vec::with_capacity(unpadded.len());
    for [x, y, x0, x1, y0, y1] in unpadded {
        let zero = |c: &[&[u8; FP_LENGTH]]| c.iter().all(|b| b.iter().all(|&v| v == 0));
        let p = if zero(&[x, y]) {
            None
        } else {
            match read_g1_on_curve(x, y) {
                Ok(p) => Some(p),
                Err(e) => return Ok(Read { pairs, failure: Some(e) }),
            }
        };
        let q = if zero(&[x0, x1, y0, y1]) {
            None
        } else {
            match read_g2_on_curve(x0, x1, y0, y1) {
                Ok(q) => Some(q),
                Err(e) => {
                    pairs.push((p, None));
                    return Ok(Read { pairs, failure: Some(e) });
                }
            }
        };
        pairs.push((p, q));
    }
    Ok(Read { pairs, failure: None })
}

/// The subgroup tests of the pairs read, the first failure in revm's order, and otherwise the
/// pairing check.
fn check_read_pairs(read: Read) -> Result<bool, PrecompileHalt> {
    let ps: Vec<blst_p1_affine> = read.pairs.iter().filter_map(|(p, _)| *p).collect();
    let mut g1 = evm384_ifma::g1_in_subgroup(&ps).into_iter();
    let g1_ok: Vec<bool> = read.pairs.iter().map(|(p, _)| p.is_none() || g1.next() == Some(true)).collect();
    // SAFETY (closure): blst reads the point.
    let g2_blst = |pairs: &[ReadPair]| pairs.iter().all(|(_, q)| q.is_none_or(|q| unsafe { blst_p2_affine_in_g2(&q) }));
    if let Some(j) = g1_ok.iter().position(|&ok| !ok) {
        return Err(if g2_blst(&read.pairs[..j]) {
            PrecompileHalt::Bls12381G1NotInSubgroup
        } else {
            PrecompileHalt::Bls12381G2NotInSubgroup
        });
    }
    if let Some(failure) = read.failure {
        return Err(if g2_blst(&read.pairs) { failure } else { PrecompileHalt::Bls12381G2NotInSubgroup });
    }
    // Step 5 with the G2 tests of the pairs in it; those with P at infinity by blst.
    let live: Vec<Pair> = read.pairs.iter().filter_map(|&(p, q)| Some((p?, q?))).collect();
    let lone: Vec<ReadPair> = read.pairs.iter().filter(|(p, _)| p.is_none()).copied().collect();
    let (one, in_g2) = evm384_ifma::pairing_check_testing_g2(&live);
    if !(in_g2.iter().all(|&ok| ok) && g2_blst(&lone)) {
        return Err(PrecompileHalt::Bls12381G2NotInSubgroup);
    }
    Ok(one)
}

/// The pairs of a PAIRING_CHECK input whose length is a positive multiple of 384, validated as
/// revm validates them (steps 3 and 4 of the crate documentation), pairs with a point at
/// infinity left out.
pub fn decode_pairs(input: &[u8]) -> Result<Vec<Pair>, PrecompileHalt> {
    debug_assert!(input.len().is_multiple_of(PAIRING_INPUT_LENGTH));
    // Step 3: every padding of every pair, before any value is read.
    let unpadded: Vec<[&[u8; FP_LENGTH]; 6]> =
        input.chunks_exact(PAIRING_INPUT_LENGTH).map(unpad_pair).collect::<Result<_, _>>()?;
    // Step 4: pair by pair.
    let mut pairs = Vec::with_capacity(unpadded.len());
    for [x, y, x0, x1, y0, y1] in unpadded {
        let zero = |c: &[&[u8; FP_LENGTH]]| c.iter().all(|b| b.iter().all(|&v| v == 0));
        let (g1_inf, g2_inf) = (zero(&[x, y]), zero(&[x0, x1, y0, y1]));
        let p = if g1_inf { None } else { Some(read_g1(x, y)?) };
        let q = if g2_inf { None } else { Some(read_g2(x0, x1, y0, y1)?) };
        if let (Some(p), Some(q)) = (p, q) {
            pairs.push((p, q));
        }
    }
    Ok(pairs)
}

/// A field element as EIP-2537 encodes it: 64 bytes, 16 zero bytes then 48 big-endian.
fn encode_fp(out: &mut [u8], fp: &blst_fp) {
    out[..FP_PAD_BY].fill(0);
    // SAFETY: 48 bytes follow the padding.
    unsafe { blst_bendian_from_fp(out[FP_PAD_BY..PADDED_FP_LENGTH].as_mut_ptr(), fp) };
}

/// A G1 point in EIP-2537's 128-byte encoding (x ‖ y; all zero is infinity).
pub fn encode_g1(p: &blst_p1_affine) -> [u8; 128] {
    let mut b = [0u8; 128];
    for (i, fp) in [&p.x, &p.y].into_iter().enumerate() {
        encode_fp(&mut b[PADDED_FP_LENGTH * i..], fp);
    }
    b
}

/// A G2 point in EIP-2537's 256-byte encoding (x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1).
pub fn encode_g2(q: &blst_p2_affine) -> [u8; 256] {
    let mut b = [0u8; 256];
    for (i, fp) in [&q.x.fp[0], &q.x.fp[1], &q.y.fp[0], &q.y.fp[1]].into_iter().enumerate() {
        encode_fp(&mut b[PADDED_FP_LENGTH * i..], fp);
    }
    b
}

/// One PAIRING_CHECK pair: G1 ‖ G2, 384 bytes (the inverse of [`decode_pairs`] per pair).
pub fn encode_pair(p: &blst_p1_affine, q: &blst_p2_affine) -> [u8; PAIRING_INPUT_LENGTH] {
    let mut b = [0u8; PAIRING_INPUT_LENGTH];
    b[..128].copy_from_slice(&encode_g1(p));
    b[128..].copy_from_slice(&encode_g2(q));
    b
}

/// The six 48-byte coordinates of one 384-byte pair: G1 x, y; G2 x.c0, x.c1, y.c0, y.c1.
fn unpad_pair(pair: &[u8]) -> Result<[&[u8; FP_LENGTH]; 6], PrecompileHalt> {
    let fp = |i: usize| unpad_fp(&pair[i * PADDED_FP_LENGTH..(i + 1) * PADDED_FP_LENGTH]);
    Ok([fp(0)?, fp(1)?, fp(2)?, fp(3)?, fp(4)?, fp(5)?])
}

fn unpad_fp(b: &[u8]) -> Result<&[u8; FP_LENGTH], PrecompileHalt> {
    let (pad, value) = b.split_at(FP_PAD_BY);
    if pad.iter().any(|&v| v != 0) {
        return Err(PrecompileHalt::Bls12381FpPaddingInvalid);
    }
    Ok(value.try_into().expect("64-byte element"))
}

/// A canonical field element (big-endian, below p). blst's conversion reduces a value ≥ p
/// silently, so a value is canonical iff it converts back to the same bytes.
fn read_fp(b: &[u8; FP_LENGTH]) -> Result<blst_fp, PrecompileHalt> {
    let (mut fp, mut back) = (blst_fp::default(), [0u8; FP_LENGTH]);
    // SAFETY: 48-byte buffers; `fp` is a valid output and input.
    unsafe {
        blst_fp_from_bendian(&mut fp, b.as_ptr());
        blst_bendian_from_fp(back.as_mut_ptr(), &fp);
    }
    if back != *b {
        return Err(PrecompileHalt::NonCanonicalFp);
    }
    Ok(fp)
}

/// A G1 point, canonical and on its curve (not yet tested for the subgroup).
fn read_g1_on_curve(x: &[u8; FP_LENGTH], y: &[u8; FP_LENGTH]) -> Result<blst_p1_affine, PrecompileHalt> {
    let p = blst_p1_affine { x: read_fp(x)?, y: read_fp(y)? };
    // SAFETY: blst reads a valid affine point struct.
    if !unsafe { blst_p1_affine_on_curve(&p) } {
        return Err(PrecompileHalt::Bls12381G1NotOnCurve);
    }
    Ok(p)
}

fn read_g1(x: &[u8; FP_LENGTH], y: &[u8; FP_LENGTH]) -> Result<blst_p1_affine, PrecompileHalt> {
    let p = read_g1_on_curve(x, y)?;
    // SAFETY: blst reads a valid affine point struct.
    if !unsafe { blst_p1_affine_in_g1(&p) } {
        return Err(PrecompileHalt::Bls12381G1NotInSubgroup);
    }
    Ok(p)
}

/// A G2 point, canonical and on its curve (not yet tested for the subgroup).
fn read_g2_on_curve(
    x0: &[u8; FP_LENGTH],
    x1: &[u8; FP_LENGTH],
    y0: &[u8; FP_LENGTH],
    y1: &[u8; FP_LENGTH],
) -> Result<blst_p2_affine, PrecompileHalt> {
    let x = blst_fp2 { fp: [read_fp(x0)?, read_fp(x1)?] };
    let y = blst_fp2 { fp: [read_fp(y0)?, read_fp(y1)?] };
    let q = blst_p2_affine { x, y };
    // SAFETY: blst reads a valid affine point struct.
    if !unsafe { blst_p2_affine_on_curve(&q) } {
        return Err(PrecompileHalt::Bls12381G2NotOnCurve);
    }
    Ok(q)
}

fn read_g2(
    x0: &[u8; FP_LENGTH],
    x1: &[u8; FP_LENGTH],
    y0: &[u8; FP_LENGTH],
    y1: &[u8; FP_LENGTH],
) -> Result<blst_p2_affine, PrecompileHalt> {
    let q = read_g2_on_curve(x0, x1, y0, y1)?;
    // SAFETY: blst reads a valid affine point struct.
    if !unsafe { blst_p2_affine_in_g2(&q) } {
        return Err(PrecompileHalt::Bls12381G2NotInSubgroup);
    }
    Ok(q)
}

/// `spec`'s precompile set with 0x0f replaced by [`PAIRING_CHECK`] (unchanged for a spec
/// without EIP-2537). Built once per spec and kept for the process, as revm keeps its own.
pub fn precompiles(spec: SpecId) -> &'static Precompiles {
    const SPECS: usize = PrecompileSpecId::NEXT as usize + 1;
    static SETS: [OnceLock<Precompiles>; SPECS] = [const { OnceLock::new() }; SPECS];
    let id = PrecompileSpecId::from_spec_id(spec);
    SETS[id as usize].get_or_init(|| {
        let mut set = Precompiles::new(id).clone();
        if set.contains(&PAIRING_ADDRESS) {
            set.extend([PAIRING_CHECK]);
        }
        set
    })
}

/// revm's mainnet precompile provider for `spec` with 0x0f replaced: assign it to a mainnet
/// `Evm`'s `precompiles` field.
pub fn eth_precompiles(spec: SpecId) -> EthPrecompiles {
    EthPrecompiles { precompiles: precompiles(spec), spec }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_only_the_pairing_check() {
        let stock = Precompiles::new(PrecompileSpecId::OSAKA);
        let ours = precompiles(SpecId::OSAKA);
        assert_eq!(stock.len(), ours.len());
        for a in stock.addresses() {
            let (s, o) = (stock.get(a).unwrap(), ours.get(a).unwrap());
            assert_eq!(s.id(), o.id(), "{a}");
        }
        let f = |p: &Precompile| p.execute(&[], 0, 0).unwrap().halt_reason().cloned();
        assert_eq!(f(ours.get(&PAIRING_ADDRESS).unwrap()), Some(PrecompileHalt::Bls12381PairingInputLength));
        // Before Prague there is no 0x0f, and none is added.
        assert!(!precompiles(SpecId::CANCUN).contains(&PAIRING_ADDRESS));
    }

    #[test]
    fn length_and_gas_come_first() {
        assert_eq!(pairing_check(&[], u64::MAX), Err(PrecompileHalt::Bls12381PairingInputLength));
        assert_eq!(pairing_check(&[0; 383], u64::MAX), Err(PrecompileHalt::Bls12381PairingInputLength));
        // Bad padding, but too little gas: gas is checked first.
        assert_eq!(pairing_check(&[0xff; 384], gas(1) - 1), Err(PrecompileHalt::OutOfGas));
        assert_eq!(pairing_check(&[0xff; 384], gas(1)), Err(PrecompileHalt::Bls12381FpPaddingInvalid));
        // One pair of infinities: the empty product.
        let out = pairing_check(&[0; 384], gas(1)).unwrap();
        assert_eq!((out.gas_used, out.bytes[31]), (gas(1), 1));
    }

    #[test]
    fn encoding_round_trips_through_decoding() {
        // SAFETY: static generators.
        let (p, q) = unsafe {
            let (mut p, mut q) = (blst_p1_affine::default(), blst_p2_affine::default());
            blst::blst_p1_to_affine(&mut p, blst::blst_p1_generator());
            blst::blst_p2_to_affine(&mut q, blst::blst_p2_generator());
            (p, q)
        };
        let pairs = decode_pairs(&encode_pair(&p, &q)).unwrap();
        assert_eq!(pairs.len(), 1);
        assert!(pairs[0].0 == p && pairs[0].1 == q);
        assert_eq!(encode_g1(&blst_p1_affine::default()), [0; 128]);
    }
}
