//! The vector files' formats: RFC 9380's JSON (elements as hexadecimal text) and EIP-2537's
//! encoded field elements and points.

use super::field::{hex_int, p, Field};
use super::map::Point;
use num_bigint::BigUint;
use serde_json::Value;

pub(crate) fn rfc9380_json(file: &str) -> Value {
    evm384_vectors::load_json(&format!("rfc9380/{file}")).unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("no string `{key}` in {v}"))
}

/// An element as the RFC 9380 vector files write it: "0x<c0>" or "0x<c0>,0x<c1>".
pub(crate) fn elem<F: Field>(s: &str) -> F {
    let c: Vec<BigUint> = s.split(',').map(hex_int).collect();
    assert_eq!(c.len(), F::M, "{s}");
    assert!(c.iter().all(|x| x < p()), "non-canonical {s}");
    F::from_coords(&c)
}

pub(crate) fn point<F: Field>(v: &Value) -> Point<F> {
    Point::Affine(elem(text(v, "x")), elem(text(v, "y")))
}

/// EIP-2537's field element: 64 bytes, 16 zero bytes then a 48-byte big-endian value below p.
fn decode_fp(bytes: &[u8]) -> Option<BigUint> {
    if bytes.len() != 64 || bytes[..16].iter().any(|&b| b != 0) {
        return None;
    }
    let v = BigUint::from_bytes_be(&bytes[16..]);
    (v < *p()).then_some(v)
}

/// MAP_FP_TO_G1's input (one element) or MAP_FP2_TO_G2's (c0 ‖ c1).
pub(crate) fn decode_elem<F: Field>(input: &[u8]) -> Option<F> {
    if input.len() != 64 * F::M {
        return None;
    }
    let c = input.chunks(64).map(decode_fp).collect::<Option<Vec<_>>>()?;
    Some(F::from_coords(&c))
}

pub(crate) fn encode_elem<F: Field>(e: &F) -> Vec<u8> {
    e.coords()
        .into_iter()
        .flat_map(|c| {
            let b = c.to_bytes_be();
            let mut out = vec![0u8; 64 - b.len()];
            out.extend(b);
            out
        })
        .collect()
}

/// EIP-2537's point: x ‖ y (G2: x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1), infinity as all zeros.
pub(crate) fn encode_point<F: Field>(pt: &Point<F>) -> Vec<u8> {
    match pt {
        Point::Infinity => vec![0; 128 * F::M],
        Point::Affine(x, y) => [encode_elem(x), encode_elem(y)].concat(),
    }
}
