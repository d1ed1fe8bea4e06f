//! Init code: deploys a runtime.

use super::opc::{CODECOPY, DUP1, PUSH0, PUSH2, RETURN};

/// Init code: copies the runtime code to memory and returns it.
pub fn init_code(runtime: &[u8]) -> Vec<u8> {
    const PREFIX: usize = 11;
    let n = (runtime.len() as u16).to_be_bytes();
    let mut c = vec![PUSH2, n[0], n[1], DUP1, PUSH2, 0, PREFIX as u8, PUSH0, CODECOPY, PUSH0, RETURN];
    assert_eq!(c.len(), PREFIX);
    c.extend_from_slice(runtime);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_code_returns_the_runtime() {
        let c = init_code(&[1, 2, 3]);
        assert_eq!(&c[11..], &[1, 2, 3]);
        assert_eq!(c[1..3], [0, 3]);
    }
}
