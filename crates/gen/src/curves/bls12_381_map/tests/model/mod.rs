//! An independent model of RFC 9380's maps on big integers, written from the RFC's pseudocode
//! (not from any implementation): the fields, the curves and maps, hash_to_field, and the
//! vector files' formats.

mod field;
mod formats;
mod hash_to_field;
mod map;

pub(crate) use field::{big, fp2, hex_int, p, Field, Fp, Fp2};
pub(crate) use formats::{decode_elem, elem, encode_elem, encode_point, point, rfc9380_json, text};
pub(crate) use hash_to_field::{dst_prime, expand_message_xmd, hash_to_field, l_bytes, msg_prime};
pub(crate) use map::{g1_suite, g2_suite, Curve, Point, Suite};
