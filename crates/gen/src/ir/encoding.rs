//! How a contract's ABI encodes a field element in calldata and returndata.

use evm384_arith::Limbs;

use crate::curves::Eip;

/// A field element as an ABI encodes it: `padding` zero bytes, then the canonical value
/// big-endian in `value` bytes. Read as one big-endian integer of [`FieldEncoding::bytes`]
/// bytes, an element is valid iff that integer is below p (its padding zero and its value below
/// p); a program halts with INVALID on any other. A `packed` load (`Node::LoadInputs`) reads
/// the `value` bytes alone, valid iff below p.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldEncoding {
    /// Zero bytes before the value.
    pub padding: u32,
    /// Bytes of the big-endian value.
    pub value: u32,
}

impl FieldEncoding {
    /// EIP-2537 ("Fine points and encoding of base elements", "Field elements encoding"): 64
    /// bytes, the top 16 zero, then the 48-byte big-endian value, which must be below p.
    pub const EIP2537: FieldEncoding = FieldEncoding { padding: 16, value: 48 };
    /// EIP-196 ("Encoding", as EIP-197's): a 32-byte big-endian number; p or more fails the
    /// call.
    pub const EIP196: FieldEncoding = FieldEncoding { padding: 0, value: 32 };

    /// The encoding of `eip`'s field elements ([`Eip::element_bytes`]: 64 or 32).
    pub(crate) fn of(eip: &Eip) -> FieldEncoding {
        match eip.element_bytes {
            64 => FieldEncoding::EIP2537,
            32 => FieldEncoding::EIP196,
            n => panic!("EIP-{}: {n}-byte field elements are not written", eip.number),
        }
    }

    /// Bytes of one element.
    pub const fn bytes(self) -> u32 {
        self.padding + self.value
    }

    /// Bytes of one element a load reads: the whole element, or the value alone (`packed`).
    pub const fn element_bytes(self, packed: bool) -> u32 {
        if packed {
            self.value
        } else {
            self.bytes()
        }
    }

    /// Whether the back-ends can carry this encoding for modulus `p`: every value below p fits
    /// `value` bytes, the value fits a 48-byte slot, and an element is one or two 32-byte words
    /// (`bytes` 32 or 64: what the loads' range checks and the returns' stores are written for).
    pub fn check(self, p: &Limbs) -> Result<(), String> {
        let bits = bit_len(p);
        if self.value > 48 {
            return Err(format!("{self:?}: a value of more than 48 bytes does not fit a slot"));
        }
        if bits > 8 * self.value {
            return Err(format!("{self:?}: p has {bits} bits, more than the value's {} bytes hold", self.value));
        }
        if self.bytes() != 32 && self.bytes() != 64 {
            return Err(format!("{self:?}: elements of {} bytes (32 or 64 supported)", self.bytes()));
        }
        Ok(())
    }
}

/// The number of bits of `x` (0 for zero).
pub fn bit_len(x: &Limbs) -> u32 {
    x.iter().rposition(|&l| l != 0).map_or(0, |i| 64 * i as u32 + 64 - x[i].leading_zeros())
}

impl Default for FieldEncoding {
    fn default() -> Self {
        FieldEncoding::EIP2537
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encodings_fit_their_curves_and_no_wider_value_fits_a_slot() {
        let bls12_381 = evm384_arith::BLS12_381_P;
        assert_eq!(FieldEncoding::EIP2537.bytes(), 64);
        assert_eq!(FieldEncoding::EIP2537.element_bytes(true), 48);
        assert_eq!(FieldEncoding::EIP196.bytes(), 32);
        assert!(FieldEncoding::EIP2537.check(&bls12_381).is_ok());
        assert!(FieldEncoding::EIP196.check(&bls12_381).is_err(), "381 bits in 32 bytes");
        let p256 = [u64::MAX - 2, u64::MAX, u64::MAX, u64::MAX, 0, 0];
        assert!(FieldEncoding::EIP196.check(&p256).is_ok());
        assert!(FieldEncoding::EIP2537.check(&p256).is_ok());
        assert!(FieldEncoding { padding: 0, value: 64 }.check(&p256).is_err());
        assert!(FieldEncoding { padding: 8, value: 32 }.check(&p256).is_err());
        assert_eq!(
            (bit_len(&bls12_381), bit_len(&p256), bit_len(&[1, 0, 0, 0, 0, 0]), bit_len(&[0; 6])),
            (381, 256, 1, 0)
        );
    }
}
