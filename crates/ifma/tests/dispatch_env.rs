//! `EVM384_IFMA=off` forces blst (its own test binary: the backend is read once per process).
#[test]
fn env_off_forces_blst() {
    // SAFETY: single-threaded at this point of this binary (one test).
    unsafe { std::env::set_var("EVM384_IFMA", "off") };
    assert_eq!(evm384_ifma::backend(), evm384_ifma::Backend::Blst);
    let report_backend = evm384_ifma::resolve(evm384_ifma::backend());
    assert_eq!(report_backend, evm384_ifma::Backend::Blst);
}
