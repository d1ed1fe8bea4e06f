//! The test kit: the one place that reads the test-mode environment variables. Every crate's
//! tests dev-depend on it; no shipped crate does.
//!
//! | variable | set to `1` means | read by |
//! |---|---|---|
//! | `EVM384_LONG_TESTS` | run the expensive checks in full | [`long_mode`] |
//! | `EVM384_BLESS` | rewrite the expected files (pinned hashes, made vectors) | [`bless`] |
//! | `EVM384_REQUIRE_IFMA` | a test that cannot use the IFMA engine fails instead of skipping | [`required`] |
//! | `EVM384_REQUIRE_WASM` | likewise for the wasm module | [`required`] |
//! | `EVM384_REQUIRE_CHROMIUM` | likewise for the browser test of the HTML report | [`required`] |
//! | `EVM384_CHROMIUM` | (a path) the browser that test runs | [`chromium_override`] |
//!
//! `.ci/run` sets the REQUIRE variables where the machine has the engine. The product's own
//! run-time switches (`EVM384_IFMA`, `EVM384_BATCH`: `evm384-ifma`'s dispatch) are not test modes
//! and stay with their crate.

use std::ffi::OsString;

/// What a test may skip without where the machine lacks it, unless CI requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// The AVX-512 IFMA pairing engine (`EVM384_REQUIRE_IFMA`).
    Ifma,
    /// The wasm32 module of `evm384-wasm` (`EVM384_REQUIRE_WASM`).
    Wasm,
    /// A headless Chromium (`EVM384_REQUIRE_CHROMIUM`).
    Chromium,
}

impl Requirement {
    /// The environment variable that makes this requirement binding.
    pub fn variable(self) -> &'static str {
        match self {
            Requirement::Ifma => "EVM384_REQUIRE_IFMA",
            Requirement::Wasm => "EVM384_REQUIRE_WASM",
            Requirement::Chromium => "EVM384_REQUIRE_CHROMIUM",
        }
    }
}

fn is_one(variable: &str) -> bool {
    std::env::var(variable).is_ok_and(|v| v == "1")
}

/// `EVM384_LONG_TESTS=1`: the expensive checks run in full.
pub fn long_mode() -> bool {
    is_one("EVM384_LONG_TESTS")
}

/// `EVM384_BLESS=1`: tests that compare with an expected file rewrite it first.
pub fn bless() -> bool {
    is_one("EVM384_BLESS")
}

/// Whether `requirement` is binding (its variable is `1`): a test must then fail rather than
/// skip.
pub fn required(requirement: Requirement) -> bool {
    is_one(requirement.variable())
}

/// Skips `test` for `why` — prints `SKIPPED {test}: {why}` — unless `requirement` is binding,
/// in which case it panics with the same reason.
pub fn skip(requirement: Requirement, test: &str, why: &str) {
    assert!(!required(requirement), "{test}: {}=1 but {why}", requirement.variable());
    println!("SKIPPED {test}: {why}");
}

/// `EVM384_CHROMIUM`: the browser the HTML report's test runs, where set.
pub fn chromium_override() -> Option<OsString> {
    std::env::var_os("EVM384_CHROMIUM")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_requirement_names_its_own_variable() {
        let names: Vec<_> =
            [Requirement::Ifma, Requirement::Wasm, Requirement::Chromium].map(Requirement::variable).into();
        assert_eq!(names, ["EVM384_REQUIRE_IFMA", "EVM384_REQUIRE_WASM", "EVM384_REQUIRE_CHROMIUM"]);
    }

    #[test]
    fn a_binding_requirement_turns_a_skip_into_a_failure() {
        // The variable is this process's: tests in this binary do not read EVM384_REQUIRE_WASM
        // otherwise.
        unsafe { std::env::set_var("EVM384_REQUIRE_WASM", "1") };
        let failed = std::panic::catch_unwind(|| skip(Requirement::Wasm, "t", "no module")).is_err();
        unsafe { std::env::set_var("EVM384_REQUIRE_WASM", "0") };
        let skipped = std::panic::catch_unwind(|| skip(Requirement::Wasm, "t", "no module")).is_ok();
        unsafe { std::env::remove_var("EVM384_REQUIRE_WASM") };
        assert!(failed && skipped);
    }
}
