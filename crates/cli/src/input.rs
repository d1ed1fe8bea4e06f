//! Byte-string arguments: `HEX` inline or `@FILE` holding hex (whitespace and an optional
//! `0x` prefix allowed).

use std::path::PathBuf;

use crate::CliError;

/// Decodes an argument given as `HEX` or `@FILE`; `what` names it in error messages.
pub fn bytes_arg(arg: &str, what: &str) -> Result<Vec<u8>, CliError> {
    match arg.strip_prefix('@') {
        Some(path) => {
            let path = PathBuf::from(path);
            let text =
                std::fs::read_to_string(&path).map_err(|source| CliError::ReadFile { path: path.clone(), source })?;
            decode_hex(&text, &format!("{what} file {}", path.display()))
        }
        None => decode_hex(arg, what),
    }
}

/// Hex with optional `0x` and any whitespace.
pub fn decode_hex(text: &str, what: &str) -> Result<Vec<u8>, CliError> {
    let compact: String = text.split_whitespace().collect();
    let digits = compact.strip_prefix("0x").or_else(|| compact.strip_prefix("0X")).unwrap_or(&compact);
    let error = |reason: String| CliError::Hex { what: what.to_string(), reason };
    if digits.len() % 2 == 1 {
        return Err(error(format!("odd number of hex digits ({})", digits.len())));
    }
    hex::decode(digits).map_err(|e| error(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_forms() {
        assert_eq!(decode_hex("0x60 00\n56", "code").unwrap(), [0x60, 0, 0x56]);
        assert_eq!(decode_hex("", "code").unwrap(), Vec::<u8>::new());
        assert!(decode_hex("abc", "code").unwrap_err().to_string().contains("odd"));
        assert!(decode_hex("zz", "code").is_err());
    }
}
