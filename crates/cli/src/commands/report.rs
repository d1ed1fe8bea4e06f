//! `evm384 report [--quick] [--out DIR]`: builds the contracts, checks them against the
//! EIP-2537 vectors, counts, measures gas and runtime, and writes `DIR/index.html`,
//! `DIR/report.md`, `DIR/results.json` (with `DIR/results.schema.json`) and `DIR/charts/*.svg`;
//! `--save` also keeps the run under `results/` for committing; `--readme-table` prints (or
//! writes into the README) the headline table generated from the committed result files.

use std::path::PathBuf;

use evm384_report::collect::{collect, default_vectors_dir, Options};
use evm384_report::headline;
use evm384_report::write::{save_results, save_results_as, write_report_from};

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Few repetitions and k ∈ {1, 2}; the default measures k ∈ {1, 2, 4, 8} with more
    /// repetitions (the README says how long each takes).
    #[arg(long)]
    pub quick: bool,
    /// Output folder.
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Also save the run for committing, as `DIR/<cpu>-<date>.json`, `.md` and charts (default
    /// DIR: `results`). The README's figures cite such files.
    #[arg(long, value_name = "DIR", num_args = 0..=1, default_missing_value = "results")]
    pub save: Option<PathBuf>,
    /// Render a saved `results.json` (e.g. a committed `results/<cpu>-<date>.json`) with this
    /// version's presentation instead of measuring. Repeatable with `--readme-table` only.
    #[arg(long, value_name = "RESULTS_JSON")]
    pub from: Vec<PathBuf>,
    /// Print the README's headline table (Markdown between its marker comments) generated from
    /// the `--from` files, or without `--from` from the newest committed report of each CPU in
    /// `results/`; given a file (`--readme-table README.md`), replace the table in it instead.
    /// Measures nothing.
    #[arg(long, value_name = "README", num_args = 0..=1, default_missing_value = "-")]
    pub readme_table: Option<PathBuf>,
    /// Folder with the EIP-2537 vector files (default: this repository's testdata/eip2537).
    #[arg(long)]
    pub vectors: Option<PathBuf>,
}

/// `--readme-table`: the headline block from the given files or from `results/`.
fn readme_table(from: &[PathBuf], readme: &std::path::Path) -> Result<(), CliError> {
    let files = if from.is_empty() {
        let dir = std::path::Path::new("results");
        if !dir.is_dir() {
            return Err(CliError::Report(
                "no results/ folder here: run from the repository root, or name the files with --from".into(),
            ));
        }
        headline::newest_per_cpu(dir, "results")
    } else {
        from.iter().map(|p| headline::load(p, &p.display().to_string())).collect()
    }
    .map_err(CliError::Report)?;
    if files.is_empty() {
        return Err(CliError::Report("no full-mode results file to build the table from".into()));
    }
    let block = headline::block(&files);
    if readme.as_os_str() == "-" {
        println!("{block}");
        return Ok(());
    }
    let text =
        std::fs::read_to_string(readme).map_err(|source| CliError::ReadFile { path: readme.to_path_buf(), source })?;
    let new = headline::replace(&text, &block).map_err(|e| CliError::Report(format!("{}: {e}", readme.display())))?;
    std::fs::write(readme, new)?;
    eprintln!("wrote the headline table into {} ({} result files)", readme.display(), files.len());
    Ok(())
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(readme) = &args.readme_table {
        return readme_table(&args.from, readme);
    }
    if args.from.len() > 1 {
        return Err(CliError::Report("several --from files only with --readme-table".into()));
    }
    let command = std::iter::once("evm384".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ");
    // With `--from`, the saved text is kept byte for byte when saving again.
    let (results, saved_text) = match args.from.first() {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|source| CliError::ReadFile { path: path.clone(), source })?;
            let results = serde_json::from_str(&text).map_err(|e| {
                CliError::Report(format!("{}: not a results file of this version: {e}", path.display()))
            })?;
            (results, Some(text))
        }
        None => {
            let opts =
                Options { quick: args.quick, command, vectors_dir: args.vectors.unwrap_or_else(default_vectors_dir) };
            (collect(&opts).map_err(CliError::Report)?, None)
        }
    };
    let source = args.from.first().map_or_else(|| "results.json".to_string(), |p| p.display().to_string());
    write_report_from(&args.out, &results, &source).map_err(CliError::Report)?;
    if let Some(dir) = &args.save {
        let path = match &saved_text {
            Some(text) => save_results_as(dir, &results, text),
            None => save_results(dir, &results),
        }
        .map_err(CliError::Report)?;
        eprintln!("saved {}", path.display());
    }
    let s = &results.summary;
    eprintln!(
        "wrote {}/index.html, report.md, results.json\nk = 2: v7 model-b {} gas ({:.2}x the precompile's {}), runtime v7 {:.2}x precompile, {:.2}x blst; v8/v7 {:.2}x; blst/precompile {:.2}x",
        args.out.display(),
        s.k2_gas_v7_model_b,
        s.k2_gas_ratio_v7_model_b_to_precompile,
        s.precompile_gas_k2,
        s.k2_time_ratio_v7_to_precompile,
        s.k2_time_ratio_v7_to_blst,
        s.v8_to_v7_time_ratio,
        s.k2_time_ratio_blst_to_precompile
    );
    let ratio = |x: Option<f64>| x.map_or("—".to_string(), |r| format!("{r:.3}x"));
    eprintln!(
        "BN254 transaction gas ÷ the precompile path's: hinted check k = 2 EVMMAX {}, v9 model-b-repriced {}; Groth16 on the hinted check (EVMMAX) n = 1 {}, n = 16 {}; gas ÷ price: ecPairing k = 2 EVMMAX {}, ecMul EVMMAX {}",
        ratio(s.bn254_k2_tx_gas_ratio_hinted_evmmax),
        ratio(s.bn254_k2_tx_gas_ratio_hinted_v9_model_b_repriced),
        ratio(s.groth16_n1_tx_gas_ratio_hinted_evmmax),
        ratio(s.groth16_n16_tx_gas_ratio_hinted_evmmax),
        ratio(s.bn254_k2_gas_ratio_evmmax_to_precompile),
        ratio(s.bn254_ecmul_gas_ratio_evmmax_to_precompile)
    );
    eprintln!(
        "EVMification, on today's EVM at k = 2: BLS12-381 pairing check gas ÷ price {}; BN254 ecPairing gas ÷ price {} (osaka), {} (eip-7904); time ÷ 0x08 {}; EVMMAX saves {}",
        ratio(s.evm_bls12_381_k2_gas_ratio_to_precompile),
        ratio(s.evm_bn254_k2_gas_ratio_to_precompile),
        ratio(s.evm_bn254_k2_gas_ratio_to_precompile_eip7904),
        ratio(s.evm_bn254_k2_time_ratio_to_precompile),
        ratio(s.evmmax_saving_over_evm_bn254_k2)
    );
    let failed: u64 = results.correctness.iter().map(|c| c.failed).sum();
    if failed > 0 {
        return Err(CliError::Report(format!("{failed} vector cases failed (see the report's correctness section)")));
    }
    Ok(())
}
