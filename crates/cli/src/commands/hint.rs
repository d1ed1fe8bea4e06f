//! `evm384 hint --pairs HEX|@FILE`: the witness of the hinted pairing check
//! (`evm384 build pairing-check-hinted`; Novakovic–Eagen, eprint 2024/640) for PAIRING_CHECK's
//! input, computed natively; prints the hinted contract's whole calldata, witness ‖ pairs, as hex.

use std::io::Write;
use std::path::PathBuf;

use evm384_gen::curves::Curve;
use evm384_gen::F2Mul;

use crate::input::bytes_arg;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The pairs, as the curve's pairing check takes them (384 bytes each on BLS12-381 and
    /// BLS12-377, 192 on BN254): HEX or @FILE.
    #[arg(long)]
    pub pairs: String,
    /// The curve: bls12-381 (EIP-2537's encoding), bls12-377 (EIP-2539's) or bn254 (EIP-197's).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
    /// Fp2 multiplication of the contract (the witness depends on its Miller loop's lines only
    /// through values every build shares, but must match the build's program).
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
    /// Print only the witness (720 bytes on BLS12-381, 912 on BLS12-377, 480 on BN254), not
    /// witness ‖ pairs.
    #[arg(long)]
    pub witness_only: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_f2mul(s: &str) -> Result<F2Mul, String> {
    s.parse()
}

fn parse_curve(s: &str) -> Result<Curve, String> {
    s.parse()
}

pub fn run(args: Args) -> Result<(), CliError> {
    let pairs = bytes_arg(&args.pairs, "pairs")?;
    let pair_bytes = 6 * args.curve.params().eip.element_bytes as usize;
    if pairs.is_empty() || pairs.len() % pair_bytes != 0 {
        return Err(CliError::Hint(format!(
            "{} bytes of pairs: expected a non-zero multiple of {pair_bytes} ({} pairs)",
            pairs.len(),
            args.curve
        )));
    }
    let w =
        evm384_gen::ops::hint::witness(args.curve, &pairs, args.f2mul).map_err(|e| CliError::Hint(e.to_string()))?;
    let out = if args.witness_only { w } else { [w, pairs].concat() };
    let text = format!("{}\n", hex::encode(&out));
    match &args.output {
        Some(path) => std::fs::write(path, text)?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
