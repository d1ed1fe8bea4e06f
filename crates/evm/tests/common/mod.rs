//! Helpers shared by the integration tests: tiny assembler and the workspace test data.
#![allow(dead_code)]

use std::path::PathBuf;

use evm384_evm::{Interface, Op, Operands};

/// `testdata/` at the workspace root.
pub fn testdata(rel: &str) -> PathBuf {
    evm384_vectors::testdata(rel)
}

pub fn load_json(rel: &str) -> serde_json::Value {
    evm384_vectors::load_json(rel).unwrap_or_else(|e| panic!("{e}"))
}

pub const CALLDATASIZE: u8 = 0x36;
pub const CALLDATACOPY: u8 = 0x37;
pub const JUMP: u8 = 0x56;
pub const JUMPDEST: u8 = 0x5b;
pub const RETURN: u8 = 0xf3;

/// `PUSH4 value` (big-endian).
pub fn push4(value: u32) -> Vec<u8> {
    let mut v = vec![0x63];
    v.extend_from_slice(&value.to_be_bytes());
    v
}

/// `CALLDATACOPY(0, 0, CALLDATASIZE)`.
pub fn copy_calldata() -> Vec<u8> {
    vec![CALLDATASIZE, 0x60, 0, 0x60, 0, CALLDATACOPY]
}

/// `RETURN(offset, len)`.
pub fn return_mem(offset: u32, len: u32) -> Vec<u8> {
    let mut v = push4(len);
    v.extend(push4(offset));
    v.push(RETURN);
    v
}

/// One EVM384 instruction in `interface`.
pub fn op(interface: Interface, op: Op, out: u32, x: u32, y: u32, params: u32) -> Vec<u8> {
    evm384_arith::isa::encode(interface, op, &Operands { out, x, y, params }, 0)
        .expect("offsets the interface can encode")
}

/// A 384-bit hex integer (`0x…`, at most 96 digits) as 48 big-endian bytes.
pub fn be48(hex_int: &str) -> [u8; 48] {
    let digits = hex_int.trim_start_matches("0x");
    let padded = format!("{digits:0>96}");
    hex::decode(&padded).unwrap().try_into().unwrap()
}

/// A 48-byte value in the byte order of `interface` (big-endian in v8, little-endian else).
pub fn value(interface: Interface, hex_int: &str) -> Vec<u8> {
    let mut b = be48(hex_int).to_vec();
    if !interface.big_endian_values() {
        b.reverse();
    }
    b
}

/// The 8-byte `inv` in the byte order of `interface`.
pub fn inv_bytes(interface: Interface, hex_int: &str) -> Vec<u8> {
    let v = u64::from_str_radix(hex_int.trim_start_matches("0x"), 16).unwrap();
    if interface.big_endian_values() {
        v.to_be_bytes().to_vec()
    } else {
        v.to_le_bytes().to_vec()
    }
}

/// BLS12-381 base field modulus p.
pub const P: &str =
    "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
/// -p^-1 mod 2^64.
pub const P_INV: &str = "0x89f3fffcfffcfffd";
