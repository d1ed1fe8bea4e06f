//! gnark's binary serialisations (consensys/gnark v0.14, `backend/groth16/bn254/marshal.go`;
//! points as gnark-crypto v0.19's `ecc/bn254/marshal.go` writes them): the verifying key as its
//! `WriteTo` (compressed) or `WriteRawTo` writes it, the proof as `WriteTo`, `WriteRawTo` or
//! `MarshalSolidity` (A ‖ B ‖ C uncompressed, 256 bytes), the public inputs as the public
//! witness' `WriteTo` (`witness.Public()`).
//!
//! A point is big-endian, G2's coordinates as x.A1 ‖ x.A0 ‖ y.A1 ‖ y.A0 (EIP-197's order). The top
//! two bits of its first byte: 00 uncompressed (x ‖ y, (0, 0) the point at infinity), 10 / 11
//! x alone with the lexicographically smaller / larger y (for Fp2, that of the imaginary part
//! unless it is 0), 01 the point at infinity, compressed. Lengths are big-endian u32.
//!
//! gnark's commitment extension of Groth16 (`api.Commit`: Pedersen commitments in the key and
//! the proof) is refused: the verifier checks the plain equation of eprint 2016/260.

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G2Affine};
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ff::{Field, PrimeField, Zero};
use num_bigint::BigUint;

use super::{check_g1, check_g2, Groth16Error, VerifyingKey};

/// The flag bits of a point's first byte.
const MASK: u8 = 0b11 << 6;
const UNCOMPRESSED: u8 = 0b00 << 6;
const COMPRESSED_SMALLEST: u8 = 0b10 << 6;
const COMPRESSED_LARGEST: u8 = 0b11 << 6;
const COMPRESSED_INFINITY: u8 = 0b01 << 6;

/// gnark-crypto's `LexicographicallyLargest` for Fp: y > (p − 1)/2.
fn fq_largest(y: &Fq) -> bool {
    y.into_bigint() > Fq::MODULUS_MINUS_ONE_DIV_TWO
}

/// … and for Fp2: that of the imaginary part, or of the real part where the imaginary one is 0.
fn fq2_largest(y: &Fq2) -> bool {
    if y.c1.is_zero() {
        fq_largest(&y.c0)
    } else {
        fq_largest(&y.c1)
    }
}

/// A cursor over one of gnark's files (`file` names it in errors).
struct Reader<'a> {
    file: &'static str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn new(file: &'static str, bytes: &'a [u8]) -> Reader<'a> {
        Reader { file, bytes, at: 0 }
    }

    fn take(&mut self, n: usize, field: &str) -> Result<&'a [u8], Groth16Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(|| Groth16Error::Truncated {
            file: self.file,
            field: field.into(),
            len: self.bytes.len(),
        })?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self, field: &str) -> Result<u32, Groth16Error> {
        Ok(u32::from_be_bytes(self.take(4, field)?.try_into().expect("4 bytes")))
    }

    fn is_empty(&self) -> bool {
        self.at == self.bytes.len()
    }

    /// No byte left after `last`.
    fn end(self, last: &'static str) -> Result<(), Groth16Error> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            extra => Err(Groth16Error::TrailingBytes { file: self.file, extra, last }),
        }
    }

    /// The flag bits of the next point, not consumed.
    fn flags(&self, field: &str) -> Result<u8, Groth16Error> {
        self.bytes.get(self.at).map(|b| b & MASK).ok_or_else(|| Groth16Error::Truncated {
            file: self.file,
            field: field.into(),
            len: self.bytes.len(),
        })
    }

    /// A point as `words` 32-byte words: with `compressed`, the x words with the flags cleared.
    fn point_words(&mut self, field: &str, words: usize) -> Result<(u8, Vec<Fq>, bool), Groth16Error> {
        let flags = self.flags(field)?;
        let compressed = flags != UNCOMPRESSED;
        let n = if compressed { words / 2 } else { words };
        let mut bytes = self.take(32 * n, field)?.to_vec();
        bytes[0] &= !MASK;
        if flags == COMPRESSED_INFINITY {
            if bytes.iter().any(|&b| b != 0) {
                return Err(Groth16Error::BadInfinity { field: field.into() });
            }
            return Ok((flags, vec![], true));
        }
        let coords = bytes
            .chunks(32)
            .enumerate()
            .map(|(i, w)| {
                let v = BigUint::from_bytes_be(w);
                if v >= Fq::MODULUS.into() {
                    return Err(Groth16Error::OutOfRange {
                        field: format!("{field} word {i}"),
                        value: v.to_string(),
                        bound: "p (BN254's base field)",
                    });
                }
                Ok(Fq::from(v))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let infinity = !compressed && coords.iter().all(Zero::is_zero);
        Ok((flags, coords, infinity))
    }

    /// A G1 point (not checked to be on the curve where uncompressed).
    fn g1(&mut self, field: &str) -> Result<G1Affine, Groth16Error> {
        let (flags, c, infinity) = self.point_words(field, 2)?;
        if infinity {
            return Ok(G1Affine::identity());
        }
        if flags == UNCOMPRESSED {
            return Ok(G1Affine::new_unchecked(c[0], c[1]));
        }
        let x = c[0];
        let y = (x * x * x + ark_bn254::g1::Config::COEFF_B)
            .sqrt()
            .ok_or_else(|| Groth16Error::NoSuchX { field: field.into(), group: "G1" })?;
        let y = if fq_largest(&y) == (flags == COMPRESSED_LARGEST) { y } else { -y };
        Ok(G1Affine::new_unchecked(x, y))
    }

    /// A G2 point (not checked to be on the curve where uncompressed, nor in the subgroup).
    fn g2(&mut self, field: &str) -> Result<G2Affine, Groth16Error> {
        let (flags, c, infinity) = self.point_words(field, 4)?;
        if infinity {
            return Ok(G2Affine::identity());
        }
        let x = Fq2::new(c[1], c[0]);
        if flags == UNCOMPRESSED {
            return Ok(G2Affine::new_unchecked(x, Fq2::new(c[3], c[2])));
        }
        debug_assert!(flags == COMPRESSED_SMALLEST || flags == COMPRESSED_LARGEST);
        let y = (x * x * x + ark_bn254::g2::Config::COEFF_B)
            .sqrt()
            .ok_or_else(|| Groth16Error::NoSuchX { field: field.into(), group: "G2" })?;
        let y = if fq2_largest(&y) == (flags == COMPRESSED_LARGEST) { y } else { -y };
        Ok(G2Affine::new_unchecked(x, y))
    }
}

impl VerifyingKey {
    /// Reads gnark's verifying key for BN254 (`vk.WriteTo` or `vk.WriteRawTo`): α, β ∈ G1,
    /// β, γ ∈ G2, δ ∈ G1, δ ∈ G2, then K (IC: u32 count, points), then the commitment
    /// extension's two lists, which must be empty. Checked as [`Self::check`] does, errors naming
    /// the points as gnark does; the G1 copies of β and δ are checked to be on the curve and
    /// otherwise unused.
    pub fn from_gnark(bytes: &[u8]) -> Result<VerifyingKey, Groth16Error> {
        let mut r = Reader::new("verifying key", bytes);
        let alpha = r.g1("α (G1.Alpha)")?;
        let beta_g1 = r.g1("β (G1.Beta)")?;
        let beta = r.g2("β (G2.Beta)")?;
        let gamma = r.g2("γ (G2.Gamma)")?;
        let delta_g1 = r.g1("δ (G1.Delta)")?;
        let delta = r.g2("δ (G2.Delta)")?;
        let count = r.u32("the length of K")?;
        let ic = (0..count).map(|i| r.g1(&format!("K[{i}]"))).collect::<Result<Vec<_>, _>>()?;
        let committed = r.u32("PublicAndCommitmentCommitted")?;
        if committed != 0 {
            return Err(Groth16Error::Commitments {
                file: "verifying key",
                what: format!("{committed} lists of committed inputs"),
            });
        }
        let keys = r.u32("the count of CommitmentKeys")?;
        if keys != 0 {
            return Err(Groth16Error::Commitments { file: "verifying key", what: format!("{keys} commitment keys") });
        }
        r.end("the count of CommitmentKeys")?;
        if ic.is_empty() {
            return Err(Groth16Error::NoIc);
        }
        for (field, p) in [("α (G1.Alpha)", &alpha), ("β (G1.Beta)", &beta_g1), ("δ (G1.Delta)", &delta_g1)] {
            check_g1(field, p)?;
        }
        for (field, p) in [("β (G2.Beta)", &beta), ("γ (G2.Gamma)", &gamma), ("δ (G2.Delta)", &delta)] {
            check_g2(field, p)?;
        }
        for (i, p) in ic.iter().enumerate() {
            check_g1(&format!("K[{i}]"), p)?;
        }
        Ok(VerifyingKey { alpha, beta, gamma, delta, ic })
    }
}

/// Reads gnark's proof for BN254: A (Ar), B (Bs), C (Krs), compressed or not, then (absent in
/// `MarshalSolidity`'s 256 bytes) the commitment extension's commitments, which must be none, and
/// their proof of knowledge, which must be the point at infinity. The points are not checked
/// (the verifier's work).
pub fn proof_from_gnark(bytes: &[u8]) -> Result<ark_groth16::Proof<Bn254>, Groth16Error> {
    let mut r = Reader::new("proof", bytes);
    let a = r.g1("A (Ar)")?;
    let b = r.g2("B (Bs)")?;
    let c = r.g1("C (Krs)")?;
    if !r.is_empty() {
        let commitments = r.u32("the count of Commitments")?;
        if commitments != 0 {
            return Err(Groth16Error::Commitments { file: "proof", what: format!("{commitments} commitments") });
        }
        if !r.g1("CommitmentPok")?.infinity {
            return Err(Groth16Error::Commitments {
                file: "proof",
                what: "a proof of knowledge of commitments".into(),
            });
        }
        r.end("CommitmentPok")?;
    }
    Ok(ark_groth16::Proof { a, b, c })
}

/// Reads gnark's public witness for BN254 (`witness.Public()` then `WriteTo`): u32 public count,
/// u32 secret count (0), u32 vector length, the values as 32-byte big-endian words below r.
pub fn public_inputs_from_gnark(bytes: &[u8]) -> Result<Vec<Fr>, Groth16Error> {
    let mut r = Reader::new("public witness", bytes);
    let public = r.u32("the public count")?;
    let secret = r.u32("the secret count")?;
    let len = r.u32("the vector's length")?;
    if secret != 0 {
        return Err(Groth16Error::SecretWitness { secret });
    }
    if len != public {
        return Err(Groth16Error::WitnessLength { public, len });
    }
    let inputs = (0..len)
        .map(|i| {
            let field = format!("public[{i}]");
            let v = BigUint::from_bytes_be(r.take(32, &field)?);
            if v >= Fr::MODULUS.into() {
                return Err(Groth16Error::OutOfRange {
                    field,
                    value: v.to_string(),
                    bound: "r (BN254's scalar field)",
                });
            }
            Ok(Fr::from(v))
        })
        .collect::<Result<Vec<_>, _>>()?;
    r.end("the last value")?;
    Ok(inputs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::BigInteger;

    fn word(f: &Fq) -> Vec<u8> {
        let be = f.into_bigint().to_bytes_be();
        [vec![0u8; 32 - be.len()], be].concat()
    }

    /// Each compressed point decodes to the point whose y the flag names, and to the
    /// uncompressed encoding's point.
    #[test]
    fn compressed_and_raw_agree() {
        for s in 1u64..20 {
            let p = (G1Affine::generator() * Fr::from(s)).into_affine();
            let mut compressed = word(&p.x);
            compressed[0] |= if fq_largest(&p.y) { COMPRESSED_LARGEST } else { COMPRESSED_SMALLEST };
            assert_eq!(Reader::new("t", &compressed).g1("p").unwrap(), p);
            let raw = [word(&p.x), word(&p.y)].concat();
            assert_eq!(Reader::new("t", &raw).g1("p").unwrap(), p);
            let q = (G2Affine::generator() * Fr::from(s)).into_affine();
            let mut compressed = [word(&q.x.c1), word(&q.x.c0)].concat();
            compressed[0] |= if fq2_largest(&q.y) { COMPRESSED_LARGEST } else { COMPRESSED_SMALLEST };
            assert_eq!(Reader::new("t", &compressed).g2("q").unwrap(), q);
            let flipped = {
                let mut c = compressed.clone();
                c[0] ^= COMPRESSED_LARGEST ^ COMPRESSED_SMALLEST;
                c
            };
            assert_eq!(Reader::new("t", &flipped).g2("q").unwrap(), -q);
        }
    }
}
