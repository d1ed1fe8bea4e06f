//! hash_to_field with expand_message_xmd over SHA-256 (RFC 9380 §5), from the RFC's pseudocode.

use super::field::{p, Field};
use num_bigint::BigUint;
use sha2::{Digest, Sha256};

/// SHA-256: b_in_bytes = 32, s_in_bytes = 64.
const B_IN_BYTES: usize = 32;
const S_IN_BYTES: usize = 64;

/// DST_prime = DST ‖ I2OSP(len(DST), 1) (RFC 9380 §5.3.1), a DST longer than 255 bytes first
/// replaced by H("H2C-OVERSIZE-DST-" ‖ DST) (§5.3.3).
pub(crate) fn dst_prime(dst: &[u8]) -> Vec<u8> {
    let mut d = if dst.len() > 255 {
        Sha256::new().chain_update(b"H2C-OVERSIZE-DST-").chain_update(dst).finalize().to_vec()
    } else {
        dst.to_vec()
    };
    d.push(d.len() as u8);
    d
}

/// msg_prime = Z_pad ‖ msg ‖ I2OSP(len_in_bytes, 2) ‖ I2OSP(0, 1) ‖ DST_prime (§5.3.1 step 6).
pub(crate) fn msg_prime(msg: &[u8], len_in_bytes: usize, dst_prime: &[u8]) -> Vec<u8> {
    let mut m = vec![0u8; S_IN_BYTES];
    m.extend_from_slice(msg);
    m.extend_from_slice(&(len_in_bytes as u16).to_be_bytes());
    m.push(0);
    m.extend_from_slice(dst_prime);
    m
}

/// expand_message_xmd with SHA-256 (RFC 9380 §5.3.1).
pub(crate) fn expand_message_xmd(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Vec<u8> {
    let ell = len_in_bytes.div_ceil(B_IN_BYTES);
    assert!(ell <= 255 && len_in_bytes <= 65535);
    let dp = dst_prime(dst);
    let b0 = Sha256::digest(msg_prime(msg, len_in_bytes, &dp));
    let mut bi = Sha256::new().chain_update(b0).chain_update([1u8]).chain_update(&dp).finalize();
    let mut out = bi.to_vec();
    for i in 2..=ell {
        let mixed: Vec<u8> = b0.iter().zip(bi.iter()).map(|(x, y)| x ^ y).collect();
        bi = Sha256::new().chain_update(mixed).chain_update([i as u8]).chain_update(&dp).finalize();
        out.extend_from_slice(&bi);
    }
    out.truncate(len_in_bytes);
    out
}

/// L = ceil((ceil(log2 p) + k)/8) with k = 128 (RFC 9380 §5; 64 for BLS12-381).
pub(crate) fn l_bytes() -> usize {
    (p().bits() as usize + 128).div_ceil(8)
}

/// hash_to_field (RFC 9380 §5.2).
pub(crate) fn hash_to_field<F: Field>(msg: &[u8], dst: &[u8], count: usize) -> Vec<F> {
    let l = l_bytes();
    let bytes = expand_message_xmd(msg, dst, count * F::M * l);
    (0..count)
        .map(|i| {
            let e: Vec<BigUint> = (0..F::M)
                .map(|j| {
                    let offset = l * (j + i * F::M);
                    BigUint::from_bytes_be(&bytes[offset..offset + l])
                })
                .collect();
            F::from_coords(&e)
        })
        .collect()
}
