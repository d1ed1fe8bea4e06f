//! `evm384 vectors FILE.json…`: runs EIP-2537 vector files (success files: `Input`/`Expected`;
//! failure files: `Input`/`ExpectedError`) through the generated contract of their operation
//! (recognised from the file name, or `--op`) and through revm's precompile; one line per case
//! with the contract's gas under every schedule beside the precompile's price, then
//! `N passed, N failed`. The contract is created the way a chain creates it (its init code run
//! by CREATE, `--deploy` for another way), or placed in state with `--placed`. With `--curve
//! bls12-377` (EIP-2539's operations, in the same file format) there is no precompile to compare
//! with: the contract is checked against the file and against the native executor. With
//! `--curve bn254` (go-ethereum's `bn256*.json` and `testdata/bn254/`, the same format) against
//! revm's ecAdd, ecMul and ecPairing (0x06, 0x07, 0x08).

use std::collections::BTreeMap;
use std::path::PathBuf;

use evm384_build::{Contract, Formulas};
use evm384_evm::{call_precompile, Address, Creation, InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::curves::Curve;
use evm384_gen::{operation_program, F2Mul, ProgramOptions};
use evm384_vectors::{Case, Expected, Operation};

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Vector files (JSON arrays).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Interface(s) to run the contract in: v7, v8, v9 or evmmax (default: v7, v8 and v9).
    #[arg(long, value_parser = parse_interface)]
    pub interface: Vec<InstructionSet>,
    /// Fp2 multiplication of the contract: v3 or v4 (default: what `evm384 build` emits: the
    /// pairing check's cheapest build, v3 for the other operations).
    #[arg(long, value_parser = parse_f2mul)]
    pub f2mul: Option<F2Mul>,
    /// The operation of every file (default: recognised from each file's name): g1-add, g1-msm,
    /// g2-add, g2-msm, pairing-check, map-fp-to-g1 or map-fp2-to-g2; on bls12-377 also g1-mul
    /// and g2-mul (EIP-2539's G1MUL, G2MUL; its MULTIEXPs are g1-msm, g2-msm); on bn254
    /// ec-add, ec-mul, ec-pairing (the same as g1-add, g1-mul, pairing-check).
    #[arg(long, value_parser = parse_op)]
    pub op: Option<Operation>,
    /// How the contract is created from its init code: transaction, create or create2.
    #[arg(long, value_name = "HOW", default_value = "create", value_parser = parse_creation, conflicts_with = "placed")]
    pub deploy: Creation,
    /// Place the runtime code in state instead of creating the contract.
    #[arg(long)]
    pub placed: bool,
    /// The curve: bls12-381 (EIP-2537), bls12-377 (EIP-2539: g1-add, g1-mul, g1-msm, g2-add,
    /// g2-mul, g2-msm and pairing-check; it specifies no map to the curve) or bn254 (EIP-196/197:
    /// ec-add, ec-mul, ec-pairing).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
}

fn parse_curve(s: &str) -> Result<Curve, String> {
    s.parse()
}

fn parse_creation(s: &str) -> Result<Creation, String> {
    s.parse()
}

fn parse_interface(s: &str) -> Result<InstructionSet, String> {
    s.parse()
}

fn parse_f2mul(s: &str) -> Result<F2Mul, String> {
    s.parse()
}

/// An operation's name, or EIP-196/197's: ec-add (G1ADD), ec-mul (G1MUL), ec-pairing (the
/// pairing check).
fn parse_op(s: &str) -> Result<Operation, String> {
    match s {
        "ec-add" => Ok(Operation::G1Add),
        "ec-mul" => Ok(Operation::G1Mul),
        "ec-pairing" => Ok(Operation::PairingCheck),
        _ => s.parse().map_err(|e| format!("{e}, or on bn254 ec-add, ec-mul, ec-pairing")),
    }
}

/// The contracts' gas limit (2^40).
const CONTRACT_GAS_LIMIT: u64 = 1 << 40;

/// A call's result: its output, or `None` for a failed call.
type CallResult = Option<Vec<u8>>;

fn as_result(status: &Status, output: &[u8]) -> CallResult {
    (*status == Status::Success).then(|| output.to_vec())
}

/// A result as printed: the PAIRING_CHECK boolean, otherwise the last output bytes.
fn show(r: &CallResult, contract: Operation) -> String {
    match r {
        None => "error".into(),
        Some(o) if contract == Operation::PairingCheck && o.len() == 32 && o[..31].iter().all(|&b| b == 0) => {
            o[31].to_string()
        }
        Some(o) => format!("…{} ({} bytes)", hex::encode(&o[o.len().saturating_sub(4)..]), o.len()),
    }
}

/// The files' cases, each checked before anything runs: a malformed case (no `Input`, bad hex,
/// a PAIRING_CHECK `Expected` that is not a 32-byte boolean word) is an error.
fn load(args: &Args) -> Result<Vec<(PathBuf, Operation, Vec<Case>)>, CliError> {
    let mut files = Vec::new();
    for path in &args.files {
        let file = path.display().to_string();
        let of_name = match args.curve {
            Curve::Bls12_381 => Operation::of_file(&file),
            Curve::Bls12_377 => Operation::of_eip2539_file(&file),
            Curve::Bn254 => Operation::of_bn254_file(&file),
        };
        let op = match args.op.or(of_name) {
            Some(op) => op,
            None => {
                return Err(CliError::Vectors(format!(
                    "{file}: cannot tell its operation from the file name; give --op"
                )))
            }
        };
        let contract: Operation = op.name().parse().map_err(CliError::Vectors)?;
        let cases = evm384_vectors::load(path).map_err(|e| CliError::Vectors(e.to_string()))?;
        if contract == Operation::PairingCheck {
            for c in &cases {
                c.pairing_result(&file).map_err(|e| CliError::Vectors(e.to_string()))?;
            }
        }
        files.push((path.clone(), contract, cases));
    }
    Ok(files)
}

pub fn run(args: Args) -> Result<(), CliError> {
    let files = load(&args)?;
    let ifaces = if args.interface.is_empty() {
        Interface::MAIN.map(InstructionSet::Evm384).to_vec()
    } else {
        args.interface.clone()
    };
    // what `evm384 build` emits for the operation and instruction set, `--f2mul` overriding
    let formulas = |op: Operation, isa: InstructionSet| {
        let f = Formulas::build_default(op, isa);
        Formulas { f2mul: args.f2mul.unwrap_or(f.f2mul), ..f }
    };
    // One runner per contract and interface, built when a file needs it.
    let mut runners: BTreeMap<(&'static str, usize), Runner> = BTreeMap::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    for (path, contract, cases) in &files {
        for (i, &iface) in ifaces.iter().enumerate() {
            if let std::collections::btree_map::Entry::Vacant(e) = runners.entry((contract.name(), i)) {
                let code =
                    contract.runtime_code(args.curve, iface, formulas(*contract, iface)).map_err(CliError::Build)?;
                // a gas limit that even go-ethereum's k = 4,877 MSM fits (its memory alone costs
                // over the default 10⁹): every case completes and shows its gas
                let opts = RunOptions { count_opcodes: true, gas_limit: CONTRACT_GAS_LIMIT, ..RunOptions::default() }
                    .with_instruction_set(iface);
                let runner = e.insert(Runner::new(opts));
                if args.placed {
                    runner.deploy(&code);
                } else {
                    runner.create(&evm384_gen::backend::bytecode::init_code(&code), args.deploy)?;
                }
            }
        }
        // the precompile to compare with: EIP-2537's, or BN254's (EIP-196/197)
        let mut address = [0u8; 20];
        let precompile = match args.curve {
            Curve::Bls12_381 => Some(contract.address_byte()),
            Curve::Bn254 => contract.bn254_address_byte(),
            Curve::Bls12_377 => None,
        };
        address[19] = precompile.unwrap_or(0);
        let native = match (args.curve, precompile) {
            (_, Some(_)) => None,
            (curve, None) => Some(
                operation_program(curve, *contract, args.f2mul.unwrap_or_default(), ProgramOptions::default())
                    .map_err(CliError::Build)?,
            ),
        };
        for case in cases {
            let expected: CallResult = match &case.expected {
                Expected::Output(o) => Some(o.clone()),
                Expected::Error(_) => None,
            };
            let file = path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default();
            let mut line = format!("{file}: {}: expected {}", case.name, show(&expected, *contract));
            let mut ok = match &native {
                // no precompile for this curve: the native executor instead
                Some(prog) => {
                    let got = match evm384_gen::backend::native::run(prog, &case.input).outcome {
                        evm384_gen::Outcome::Output(o) => Some(o),
                        evm384_gen::Outcome::Bool(b) => {
                            let mut word = vec![0u8; 32];
                            word[31] = b as u8;
                            Some(word)
                        }
                        evm384_gen::Outcome::Invalid(_) | evm384_gen::Outcome::Memory(_) => None,
                    };
                    line += &format!(" native {}", show(&got, *contract));
                    got == expected
                }
                None => {
                    let opts = RunOptions { count_opcodes: false, ..RunOptions::default() };
                    let pre = call_precompile(Address::new(address), &case.input, &opts)?;
                    let pre_result = as_result(&pre.status, &pre.output);
                    line += &format!(" precompile {} ({} gas)", show(&pre_result, *contract), pre.gas_used);
                    pre_result == expected
                }
            };
            for (i, iface) in ifaces.iter().enumerate() {
                let r = runners.get_mut(&(contract.name(), i)).expect("built above");
                let e = r.run(&case.input)?;
                let got = as_result(&e.status, &e.output);
                ok &= got == expected;
                line += &format!(" | {iface} {}", show(&got, *contract));
                if *iface == InstructionSet::Evmmax {
                    line += &format!(" gas eip-6690={}", e.gas_used);
                } else if *iface == InstructionSet::Evm {
                    // today's EVM: charged at Osaka's prices, repriced from the opcode counts
                    let gas: Vec<String> = evm384_evm::EvmSchedule::ALL
                        .iter()
                        .filter_map(|s| {
                            let g = s.execution_gas(e.gas_used, e.counts.as_ref()?).ok()?;
                            Some(format!("{s}={g}"))
                        })
                        .collect();
                    line += &format!(" gas {}", gas.join(" "));
                } else if let Some(by) = &e.gas_by_schedule {
                    let gas: Vec<String> = by.iter().map(|(s, g)| format!("{s}={g}")).collect();
                    line += &format!(" gas {}", gas.join(" "));
                }
            }
            if ok {
                passed += 1;
                println!("ok   {line}");
            } else {
                failed += 1;
                println!("FAIL {line}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        return Err(CliError::Vectors(format!("{failed} vector(s) failed")));
    }
    Ok(())
}
