//! `evm384 hint --pairs HEX|@FILE`: the witness of the hinted pairing check
//! (`evm384 build pairing-check-hinted`; Novakovic–Eagen, eprint 2024/640) for PAIRING_CHECK's
//! input, computed natively; prints the hinted contract's whole calldata, witness ‖ pairs, as hex.
//! `evm384 hint groth16 --vk --proof --public`: the hinted Groth16 verifier's calldata
//! (`build groth16-verifier --hinted`), proof ‖ inputs ‖ witness, from snarkjs' JSON files or
//! gnark's binary ones (`--format gnark`).

use std::io::Write;
use std::path::PathBuf;

use evm384_gen::curves::Curve;
use evm384_gen::glue::groth16;
use evm384_gen::ops::hint::HintError;
use evm384_gen::F2Mul;

use crate::groth16_files::{self, Format};
use crate::input::bytes_arg;
use crate::CliError;

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<HintCommand>,
    /// The pairs, as the curve's pairing check takes them (384 bytes each on BLS12-381 and
    /// BLS12-377, 192 on BN254): HEX or @FILE.
    #[arg(long)]
    pub pairs: Option<String>,
    /// The curve: bls12-381 (EIP-2537's encoding), bls12-377 (EIP-2539's) or bn254 (EIP-197's).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
    /// Fp2 multiplication of the contract (the witness depends on its Miller loop's lines only
    /// through values every build shares, but must match the build's program).
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
    /// Print only the witness (576 bytes on BLS12-381 and BLS12-377, 384 on BN254), not
    /// witness ‖ pairs.
    #[arg(long)]
    pub witness_only: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(clap::Subcommand, Debug)]
pub enum HintCommand {
    /// The hinted Groth16 verifier's calldata (A ‖ B ‖ C ‖ inputs ‖ witness) for a proof.
    Groth16(Groth16Args),
}

#[derive(clap::Args, Debug)]
pub struct Groth16Args {
    /// The verifying key: snarkjs' verification_key.json (curve bn128), or gnark's (`vk.WriteTo`).
    #[arg(long, value_name = "FILE")]
    pub vk: PathBuf,
    /// The proof: snarkjs' proof.json, or gnark's (`proof.WriteTo`, or `MarshalSolidity`'s bytes).
    #[arg(long, value_name = "FILE")]
    pub proof: PathBuf,
    /// The public inputs: snarkjs' public.json, or gnark's public witness (`WriteTo`).
    #[arg(long, value_name = "FILE")]
    pub public: PathBuf,
    /// Whose files --vk, --proof and --public are.
    #[arg(long, value_enum, default_value = "snarkjs")]
    pub format: Format,
    /// Fp2 multiplication of the hinted check's build.
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
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
    if let Some(HintCommand::Groth16(a)) = args.command {
        return groth16(a);
    }
    let Some(pairs) = &args.pairs else {
        return Err(CliError::Hint("give --pairs (or `hint groth16 --vk … --proof … --public …`)".into()));
    };
    let pairs = bytes_arg(pairs, "pairs")?;
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
    write_hex(&out, &args.output)
}

fn write_hex(bytes: &[u8], output: &Option<PathBuf>) -> Result<(), CliError> {
    let text = format!("{}\n", hex::encode(bytes));
    match output {
        Some(path) => std::fs::write(path, text)?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

fn groth16(a: Groth16Args) -> Result<(), CliError> {
    let vk = groth16_files::key(a.format, &a.vk).map_err(CliError::Hint)?;
    let proof = groth16_files::proof(a.format, &a.proof).map_err(CliError::Hint)?;
    let inputs = groth16_files::public_inputs(a.format, &a.public).map_err(CliError::Hint)?;
    let calldata = groth16::hinted_calldata(&vk, &proof, &inputs, a.f2mul).map_err(|e| {
        CliError::Hint(match e {
            groth16::Groth16Error::InputCount { .. } => {
                format!("--public {}: {e} (--vk {})", a.public.display(), a.vk.display())
            }
            groth16::Groth16Error::Hint(HintError::NotOne) => {
                format!("the proof does not verify for this key and these inputs ({e})")
            }
            e => e.to_string(),
        })
    })?;
    write_hex(&calldata, &a.output)
}
