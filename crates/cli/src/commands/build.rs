//! `evm384 build pairing-check | g1-add | g1-mul | g1-msm | g2-add | g2-mul | g2-msm | map-fp-to-g1
//! | map-fp2-to-g2 | hash-to-g2 | bls-verify | bls-aggregate-verify | groth16-verifier`: a generated
//! contract (evm384-gen)
//! as hex, runtime code or (`--init`) init code; size and provenance on stderr. The builds and
//! `--optimize-for` are `evm384-build`'s.

use std::io::Write;
use std::path::PathBuf;

use evm384_build::optimize::{self, Target as CostTarget};
use evm384_build::{Contract, Formulas, Operation};
use evm384_gen::curves::Curve;
use evm384_gen::glue::bls::{glue_code, Backend, Glue, ETH_DST};
use evm384_gen::glue::groth16;

use crate::groth16_files::{self, Format};
use evm384_gen::{F2Mul, Squaring};
use evm384_timing::Plan;

use super::CodeInterfaceArg;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub target: Target,
}

#[derive(clap::Subcommand, Debug)]
pub enum Target {
    /// The BLS12-381 pairing check, a drop-in for the EIP-2537 precompile 0x0f (`--curve`: BLS12-377's
    /// PAIRING, BN254's ecPairing; alias `ec-pairing`).
    #[command(after_help = MOVES_HELP, alias = "ec-pairing")]
    PairingCheck(PairingCheckArgs),
    /// BLS12_G1ADD, a drop-in for the EIP-2537 precompile 0x0b (with `--curve bn254`: ecAdd,
    /// 0x06, EIP-196; alias `ec-add`).
    #[command(alias = "ec-add")]
    G1Add(PointArgs),
    /// BLS12_G1MSM, a drop-in for the EIP-2537 precompile 0x0c (with `--curve bls12-377`:
    /// EIP-2539's G1MULTIEXP).
    G1Msm(PointArgs),
    /// EIP-2539's BLS12_377_G1MUL (`--curve bls12-377`), EIP-196's ecMul (`--curve bn254`, 0x07;
    /// alias `ec-mul`); EIP-2537 has none (G1MSM with one pair).
    #[command(alias = "ec-mul")]
    G1Mul(PointArgs),
    /// BLS12_G2ADD, a drop-in for the EIP-2537 precompile 0x0d.
    G2Add(PointArgs),
    /// BLS12_G2MSM, a drop-in for the EIP-2537 precompile 0x0e (with `--curve bls12-377`:
    /// EIP-2539's G2MULTIEXP).
    G2Msm(PointArgs),
    /// EIP-2539's BLS12_377_G2MUL (`--curve bls12-377`; EIP-2537 has none: G2MSM with one pair).
    G2Mul(PointArgs),
    /// BLS12_MAP_FP_TO_G1, a drop-in for the EIP-2537 precompile 0x10.
    MapFpToG1(PointArgs),
    /// BLS12_MAP_FP2_TO_G2, a drop-in for the EIP-2537 precompile 0x11.
    MapFp2ToG2(PointArgs),
    /// The hinted pairing check (not a drop-in): calldata witness ‖ pairs (the witness from
    /// `evm384 hint`), the final exponentiation replaced by the root test of eprint 2024/640
    /// with a unitary witness.
    PairingCheckHinted(HintedArgs),
    /// RFC 9380 hash-to-G2 (BLS12381G2_XMD:SHA-256_SSWU_RO_): calldata msg → H(msg), 256 bytes.
    HashToG2(GlueArgs),
    /// BLS signature verification (Ethereum consensus): calldata pk (128) ‖ σ (256) ‖ msg →
    /// 32-byte boolean. See `evm384_gen::glue::bls` for the ABI.
    BlsVerify(GlueArgs),
    /// Aggregate verification of n keys on one message: n (32) ‖ pk₁…pkₙ ‖ σ ‖ msg → boolean.
    BlsAggregateVerify(GlueArgs),
    /// A BN254 Groth16 verifier for the key in --vk: calldata A (64) ‖ B (128, EIP-197 order)
    /// ‖ C (64) ‖ the n public inputs (32 each) → 32-byte boolean. See
    /// `evm384_gen::glue::groth16` for the ABI.
    Groth16Verifier(Groth16Args),
}

/// The default build (`evm384_build::Formulas::cheapest`) and the one build choice no option
/// sets (`evm384_build::Formulas::choose_moves`).
const MOVES_HELP: &str = "Without --optimize-for, the build is the cheapest that fits 24,576 bytes at k = 2 under the \
instruction set's reference schedule (model-b for v7 and v8, model-b-repriced for v9, eip-6690 for evmmax; \
evm takes evmmax's, not costed), fixed in evm384_build::Formulas::cheapest and checked against --optimize-for by the tests; each formula option \
overrides that one choice and keeps the others (the provenance line on stderr says when the result is the \
cheapest build). Besides the formulas, the build itself chooses how the Fp12 product moves its \
operands: in EVM384 as additions of zero (6 against 33 gas an Fp6 in v9 under model-b-repriced) where the \
program written so fits 24,576 bytes before inlining, as MCOPYs (~10 against ~102 bytes) otherwise, in \
EVMMAX and on today's EVM; the provenance line on stderr names the choice.";

/// The BLS contracts are plain EVM glue that STATICCALLs the EIP-2537 operations: the
/// precompiles by default, or this project's contracts deployed at the given addresses.
#[derive(clap::Args, Debug)]
pub struct GlueArgs {
    /// Domain separation tag (default: the Ethereum consensus DST
    /// BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_).
    #[arg(long)]
    pub dst: Option<String>,
    /// Address of the G1MSM implementation (default: the precompile 0x0c).
    #[arg(long, value_parser = parse_address)]
    pub g1_msm: Option<[u8; 20]>,
    /// Address of the MAP_FP2_TO_G2 implementation (default: the precompile 0x11).
    #[arg(long, value_parser = parse_address)]
    pub map_fp2_to_g2: Option<[u8; 20]>,
    /// Address of the G2ADD implementation (default: the precompile 0x0d).
    #[arg(long, value_parser = parse_address)]
    pub g2_add: Option<[u8; 20]>,
    /// Address of the PAIRING_CHECK implementation (default: the precompile 0x0f).
    #[arg(long, value_parser = parse_address)]
    pub pairing_check: Option<[u8; 20]>,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The Groth16 verifier is plain EVM glue that STATICCALLs the EIP-196/197 operations: the
/// precompiles by default, or contracts deployed at the given addresses.
#[derive(clap::Args, Debug)]
pub struct Groth16Args {
    /// The verifying key: snarkjs' verification_key.json (`snarkjs zkey export verificationkey`,
    /// curve bn128), or gnark's (`vk.WriteTo`) with --format gnark.
    #[arg(long, value_name = "FILE")]
    pub vk: PathBuf,
    /// Whose file --vk is.
    #[arg(long, value_enum, default_value = "snarkjs")]
    pub format: Format,
    /// Address of the ecAdd implementation (default: the precompile 0x06).
    #[arg(long, value_parser = parse_address)]
    pub ec_add: Option<[u8; 20]>,
    /// Address of the ecMul implementation (default: the precompile 0x07).
    #[arg(long, value_parser = parse_address)]
    pub ec_mul: Option<[u8; 20]>,
    /// Address of the ecPairing implementation (default: the precompile 0x08); with --hinted,
    /// of the hinted check (`build pairing-check-hinted --curve bn254 --miller-factor`), required.
    #[arg(long, value_parser = parse_address)]
    pub ec_pairing: Option<[u8; 20]>,
    /// Verify on the hinted pairing check: the calldata ends with its witness for the proof
    /// (`evm384 hint groth16`), passed to the check at --ec-pairing before the pairs.
    #[arg(long)]
    pub hinted: bool,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_address(s: &str) -> Result<[u8; 20], String> {
    let h = s.strip_prefix("0x").unwrap_or(s);
    if h.is_empty() || h.len() > 40 {
        return Err(format!("'{s}' is no address (1 to 40 hex digits)"));
    }
    let padded = format!("{h:0>40}");
    let v = hex::decode(&padded).map_err(|e| format!("'{s}': {e}"))?;
    Ok(v.try_into().expect("20 bytes"))
}

/// The options of the other operations (additions, MSMs, maps).
#[derive(clap::Args, Debug)]
pub struct PointArgs {
    #[command(flatten)]
    pub interface: CodeInterfaceArg,
    /// The curve: bls12-381 (EIP-2537), bls12-377 (EIP-2539: no maps) or bn254 (EIP-196: g1-add,
    /// g1-mul).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
    /// Fp2 multiplication (G2 operations): v3 (Karatsuba) or v4 (schoolbook).
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
    /// Call every subroutine instead of inlining those whose calls cost most per byte.
    #[arg(long)]
    pub no_inline: bool,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The options of the hinted pairing check (defaults: its shipped build,
/// `evm384_build::HINTED_FORMULAS`).
#[derive(clap::Args, Debug)]
pub struct HintedArgs {
    #[command(flatten)]
    pub interface: CodeInterfaceArg,
    /// The curve: bls12-381, bls12-377 (its witness is longer) or bn254 (`evm384 hint --curve`).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
    /// Fp2 multiplication: v3 (Karatsuba) or v4 (schoolbook).
    #[arg(long, default_value = "v4", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
    /// Copies of a counted loop's body per iteration (1, 2 or 4): less loop control, more code.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub unroll: u32,
    /// Call every subroutine instead of inlining those whose calls cost most per byte.
    #[arg(long)]
    pub no_inline: bool,
    /// The check with a Miller factor G, the caller's constant (the Groth16 verifier's, `build
    /// groth16-verifier --hinted`): calldata witness ‖ G ‖ pairs.
    #[arg(long)]
    pub miller_factor: bool,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct PairingCheckArgs {
    #[command(flatten)]
    pub interface: CodeInterfaceArg,
    /// The curve: bls12-381 (EIP-2537's PAIRING_CHECK), bls12-377 (EIP-2539's PAIRING) or bn254
    /// (EIP-197's ecPairing, 0x08).
    #[arg(long, default_value = "bls12-381", value_parser = parse_curve)]
    pub curve: Curve,
    /// Fp2 multiplication: v3 (Karatsuba) or v4 (schoolbook). Each formula option (--f2mul,
    /// --squaring, --unroll, --inline/--no-inline) overrides that one choice of the default build,
    /// the cheapest under the instruction set's reference schedule (see below), on every curve.
    #[arg(long, value_parser = parse_f2mul, conflicts_with = "optimize_for")]
    pub f2mul: Option<F2Mul>,
    /// Squaring in the final exponentiation: granger-scott, granger-scott-products or karabina
    /// (compressed).
    #[arg(long, value_parser = parse_squaring, conflicts_with = "optimize_for")]
    pub squaring: Option<Squaring>,
    /// Copies of a counted loop's body per iteration (1, 2 or 4): less loop control, more code.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=8), conflicts_with = "optimize_for")]
    pub unroll: Option<u32>,
    /// Inline the subroutines whose calls cost most per byte, as many as fit 24,576 bytes.
    #[arg(long, conflicts_with_all = ["optimize_for", "no_inline"])]
    pub inline: bool,
    /// Call every subroutine instead of inlining.
    #[arg(long, conflicts_with = "optimize_for")]
    pub no_inline: bool,
    /// Choose the formulas (f2mul, squaring, unrolling, inlining) that minimise TARGET among those that fit the
    /// EIP-170 limit: a gas schedule (EVM384 gas at k = 2), eip-6690 (EVMMAX gas at k = 2), osaka
    /// (today's EVM gas at k = 2) or `runtime` (time in revm at k = 2, measured now). The candidates and their costs go to stderr.
    #[arg(long, value_name = "TARGET", value_parser = parse_target)]
    pub optimize_for: Option<CostTarget>,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_f2mul(s: &str) -> Result<F2Mul, String> {
    s.parse()
}

fn parse_squaring(s: &str) -> Result<Squaring, String> {
    s.parse()
}

fn parse_target(s: &str) -> Result<CostTarget, String> {
    s.parse()
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.target {
        Target::PairingCheck(a) => pairing_check(a),
        Target::G1Add(a) => point_operation(Operation::G1Add, a),
        Target::G1Msm(a) => point_operation(Operation::G1Msm, a),
        Target::G1Mul(a) => point_operation(Operation::G1Mul, a),
        Target::G2Add(a) => point_operation(Operation::G2Add, a),
        Target::G2Msm(a) => point_operation(Operation::G2Msm, a),
        Target::G2Mul(a) => point_operation(Operation::G2Mul, a),
        Target::MapFpToG1(a) => point_operation(Operation::MapFpToG1, a),
        Target::MapFp2ToG2(a) => point_operation(Operation::MapFp2ToG2, a),
        Target::PairingCheckHinted(a) => hinted(a),
        Target::HashToG2(a) => glue(Glue::HashToG2, a),
        Target::BlsVerify(a) => glue(Glue::Verify, a),
        Target::BlsAggregateVerify(a) => glue(Glue::AggregateVerify, a),
        Target::Groth16Verifier(a) => groth16_verifier(a),
    }
}

fn hinted(a: HintedArgs) -> Result<(), CliError> {
    let iface = a.interface.interface;
    let formulas = Formulas { f2mul: a.f2mul, unroll: a.unroll, inline: !a.no_inline, ..evm384_build::HINTED_FORMULAS };
    let build = if a.miller_factor {
        evm384_build::hinted_pairing_check_with_factor_build(a.curve, formulas, iface)
    } else {
        evm384_build::hinted_pairing_check_build(a.curve, formulas, iface)
    };
    let runtime = build
        .try_code(iface)
        .map_err(|e| CliError::Build(format!("{} hinted pairing check, {iface}: {e}", a.curve)))?;
    write_code(&runtime, a.init, &a.output)?;
    eprintln!(
        "evm384-gen {}: {} hinted pairing check ({}), interface {iface}, f2mul {}, loops unrolled x{}, {}, {}, {} bytes",
        evm384_gen::VERSION,
        a.curve.params().name,
        if a.miller_factor { "witness ‖ Miller factor ‖ pairs" } else { "witness ‖ pairs" },
        a.f2mul,
        a.unroll,
        if a.no_inline { "no subroutine inlined" } else { "subroutines inlined to fit" },
        build.moves.describe(),
        runtime.len()
    );
    report_size(&runtime, a.init)
}

fn glue(what: Glue, a: GlueArgs) -> Result<(), CliError> {
    let p = Backend::PRECOMPILES;
    let backend = Backend {
        g1_msm: a.g1_msm.unwrap_or(p.g1_msm),
        map_fp2_to_g2: a.map_fp2_to_g2.unwrap_or(p.map_fp2_to_g2),
        g2_add: a.g2_add.unwrap_or(p.g2_add),
        pairing_check: a.pairing_check.unwrap_or(p.pairing_check),
    };
    let dst = a.dst.as_deref().map_or(ETH_DST, str::as_bytes);
    if dst.is_empty() || dst.len() > 255 {
        return Err(CliError::Build(format!("the DST must have 1 to 255 bytes, not {}", dst.len())));
    }
    let runtime = glue_code(what, dst, &backend);
    write_code(&runtime, a.init, &a.output)?;
    eprintln!(
        "evm384-gen {}: {what:?}, DST {:?}, calling G1MSM {}, MAP_FP2_TO_G2 {}, G2ADD {}, PAIRING_CHECK {}",
        evm384_gen::VERSION,
        String::from_utf8_lossy(dst),
        hex::encode(backend.g1_msm),
        hex::encode(backend.map_fp2_to_g2),
        hex::encode(backend.g2_add),
        hex::encode(backend.pairing_check)
    );
    report_size(&runtime, a.init)
}

fn groth16_verifier(a: Groth16Args) -> Result<(), CliError> {
    let vk = groth16_files::key(a.format, &a.vk).map_err(CliError::Build)?;
    let p = groth16::Backend::PRECOMPILES;
    let backend = groth16::Backend {
        ec_add: a.ec_add.unwrap_or(p.ec_add),
        ec_mul: a.ec_mul.unwrap_or(p.ec_mul),
        ec_pairing: a.ec_pairing.unwrap_or(p.ec_pairing),
    };
    if a.hinted && a.ec_pairing.is_none() {
        return Err(CliError::Build(
            "--hinted needs --ec-pairing: the address of the hinted check (`build pairing-check-hinted --curve bn254 --miller-factor`)"
                .into(),
        ));
    }
    let runtime =
        if a.hinted { groth16::hinted_verifier_code(&vk, &backend) } else { groth16::verifier_code(&vk, &backend) }
            .map_err(|e| CliError::Build(format!("verifying key {}: {e}", a.vk.display())))?;
    write_code(&runtime, a.init, &a.output)?;
    let witness = if a.hinted { evm384_gen::ops::pairing::hint_bytes(evm384_gen::curves::Curve::Bn254) } else { 0 };
    eprintln!(
        "evm384-gen {}: BN254 Groth16 verifier{}, {} public inputs ({} bytes of calldata), calling ecAdd {}, ecMul {}, {} {}",
        evm384_gen::VERSION,
        if a.hinted { " on the hinted pairing check" } else { "" },
        vk.public_inputs(),
        vk.calldata_len() + witness as usize,
        hex::encode(backend.ec_add),
        hex::encode(backend.ec_mul),
        if a.hinted { "the hinted check" } else { "ecPairing" },
        hex::encode(backend.ec_pairing)
    );
    report_size(&runtime, a.init)
}

fn point_operation(contract: Operation, a: PointArgs) -> Result<(), CliError> {
    let iface = a.interface.interface;
    let default = Formulas::build_default(contract, iface);
    let formulas = Formulas { f2mul: a.f2mul, inline: default.inline && !a.no_inline, ..default };
    let runtime = contract.runtime_code(a.curve, iface, formulas).map_err(CliError::Build)?;
    write_code(&runtime, a.init, &a.output)?;
    eprintln!(
        "evm384-gen {}: {} {}, interface {iface}, f2mul {}{}, {} bytes",
        evm384_gen::VERSION,
        a.curve.params().name,
        contract.name(),
        formulas.f2mul,
        if formulas.inline { ", subroutines inlined to fit" } else { "" },
        runtime.len()
    );
    report_size(&runtime, a.init)
}

/// Writes the runtime code (or init code deploying it) as hex to FILE or stdout; refuses code
/// over the EIP-170 limit.
fn write_code(runtime: &[u8], init: bool, output: &Option<PathBuf>) -> Result<(), CliError> {
    if runtime.len() > evm384_gen::MAX_CODE_SIZE {
        return Err(CliError::Build(format!(
            "{} bytes of runtime code, over the EIP-170 limit of {} bytes",
            runtime.len(),
            evm384_gen::MAX_CODE_SIZE
        )));
    }
    let code = if init { evm384_gen::backend::bytecode::init_code(runtime) } else { runtime.to_vec() };
    let text = format!("{}\n", hex::encode(&code));
    match output {
        Some(path) => std::fs::write(path, text)?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

fn report_size(runtime: &[u8], init: bool) -> Result<(), CliError> {
    let len = if init { evm384_gen::backend::bytecode::init_code(runtime).len() } else { runtime.len() };
    eprintln!(
        "{len} bytes ({}; runtime {} bytes, EIP-170 limit {})",
        if init { "init code" } else { "runtime code" },
        runtime.len(),
        evm384_gen::MAX_CODE_SIZE
    );
    Ok(())
}

fn pairing_check(a: PairingCheckArgs) -> Result<(), CliError> {
    let iface = a.interface.interface;
    let formulas = match a.optimize_for {
        None => {
            // the cheapest build under the reference schedule, with the options given overriding
            let cheapest = Formulas::cheapest(iface);
            let inline = if a.inline || a.no_inline { a.inline } else { cheapest.inline };
            Formulas {
                f2mul: a.f2mul.unwrap_or(cheapest.f2mul),
                squaring: a.squaring.unwrap_or(cheapest.squaring),
                unroll: a.unroll.unwrap_or(cheapest.unroll),
                inline,
            }
        }
        Some(target) => {
            let choice = optimize::choose(a.curve, iface, &[target], Plan::QUICK).map_err(CliError::Build)?.remove(0);
            for c in &choice.candidates {
                let cost = match (c.cost, target) {
                    (None, _) => format!("over {} bytes", evm384_gen::MAX_CODE_SIZE),
                    (Some(ns), CostTarget::Runtime) => evm384_timing::format_ns(ns),
                    (Some(g), _) => format!("{g} gas"),
                };
                let mark = if c.formulas == choice.best { "  <- chosen" } else { "" };
                let build = format!("{}, {}", c.formulas, c.moves.describe());
                eprintln!("{build:<120} {:>6} bytes  {cost}{mark}", c.code_bytes);
            }
            eprintln!("optimised for {} at k = {}, interface {iface}", target.name(), optimize::COST_K);
            choice.best
        }
    };
    let build = formulas.pairing_check_build(a.curve, iface);
    let runtime =
        build.try_code(iface).map_err(|e| CliError::Build(format!("{} {formulas}, {iface}: {e}", a.curve)))?;
    if runtime.len() > evm384_gen::MAX_CODE_SIZE {
        return Err(CliError::Build(format!(
            "{formulas} gives {} bytes of runtime code for interface {iface}, over the EIP-170 limit of {} bytes",
            runtime.len(),
            evm384_gen::MAX_CODE_SIZE
        )));
    }
    write_code(&runtime, a.init, &a.output)?;
    eprintln!("{}", evm384_build::provenance(a.curve, iface, formulas, build.moves, runtime.len()));
    report_size(&runtime, a.init)
}

fn parse_curve(s: &str) -> Result<Curve, String> {
    s.parse()
}
