//! Random bytes as code in v7/v8/v9 (byte 0 picks the interface, bytes 1..3 the gas limit):
//! no panic, gas used ≤ limit, the jump table accepts exactly the JUMPDEST instructions.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = evm384_fuzz::bytecode::run_bytes(data) {
        panic!("{v:?}");
    }
});
