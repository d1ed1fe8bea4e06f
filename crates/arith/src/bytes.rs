//! Conversions between [`Limbs`] and the 48-byte memory encodings of EVM384
//! (little-endian in interfaces v7/v9, big-endian in v8).

use crate::Limbs;

/// Reads a 48-byte little-endian integer.
pub fn from_le_bytes(b: &[u8; 48]) -> Limbs {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

/// Writes a 48-byte little-endian integer.
pub fn to_le_bytes(x: &Limbs) -> [u8; 48] {
    let mut b = [0u8; 48];
    for (i, limb) in x.iter().enumerate() {
        b[8 * i..8 * i + 8].copy_from_slice(&limb.to_le_bytes());
    }
    b
}

/// Reads a 48-byte big-endian integer.
pub fn from_be_bytes(b: &[u8; 48]) -> Limbs {
    core::array::from_fn(|i| u64::from_be_bytes(b[40 - 8 * i..48 - 8 * i].try_into().unwrap()))
}

/// Writes a 48-byte big-endian integer.
pub fn to_be_bytes(x: &Limbs) -> [u8; 48] {
    let mut b = [0u8; 48];
    for (i, limb) in x.iter().enumerate() {
        b[40 - 8 * i..48 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_and_be_are_byte_reversals_of_each_other() {
        let x: Limbs = [1, 2, 3, 4, 5, 0x0102030405060708];
        let mut le = to_le_bytes(&x);
        assert_eq!(le[0], 1);
        assert_eq!(le[47], 0x01);
        assert_eq!(from_le_bytes(&le), x);
        le.reverse();
        assert_eq!(le, to_be_bytes(&x));
        assert_eq!(from_be_bytes(&le), x);
    }
}
