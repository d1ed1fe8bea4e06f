//! Any bytes as EIP-2537 PAIRING_CHECK input: the v7 and v9 contracts and `evm384-precompile`'s
//! 0x0f agree with revm's 0x0f on success or failure and on the output. Seeds: `python3 fuzz/seed.py` writes the EIP-2537 pairing vectors of
//! `testdata/eip2537` into `fuzz/corpus/pairing/`.
#![no_main]
use std::cell::RefCell;

use evm384_evm::Interface;
use evm384_fuzz::pairing::PairingTargets;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static TARGETS: RefCell<PairingTargets> = RefCell::new(PairingTargets::new(&[Interface::V7, Interface::V9]));
}

fuzz_target!(|data: &[u8]| {
    TARGETS.with(|t| {
        let (want, got) = t.borrow_mut().run(data);
        for (target, answer) in got {
            assert!(answer == want, "{target}: {answer:?}, revm's 0x0f {want:?}");
        }
    });
});
