//! `evm384 conformance [DIR]`: the EIP-6690 (EVMMAX) conformance suite (default
//! `testdata/eip6690/`; format in its README) through this project's EVMMAX: one line per case
//! that mismatches (with the rule of the text it tests), the case count per rule group, then
//! `N passed, N failed`.

use std::path::PathBuf;

use evm384_evm::conformance::check_case;
use evm384_vectors::eip6690;

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The suite's folder (default: the shipped `testdata/eip6690/`).
    pub dir: Option<PathBuf>,
    /// Print every case, not only the mismatches.
    #[arg(long)]
    pub verbose: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let groups = match &args.dir {
        Some(dir) => eip6690::load_suite_in(dir),
        None => eip6690::load_suite(),
    }
    .map_err(|e| CliError::Vectors(e.to_string()))?;
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut per_group = Vec::new();
    for group in &groups {
        let mut group_failed = 0;
        for case in &group.cases {
            let problems = check_case(case);
            if problems.is_empty() {
                passed += 1;
                if args.verbose {
                    println!("ok   {}/{}", group.name, case.name);
                }
            } else {
                failed += 1;
                group_failed += 1;
                println!("FAIL {}/{}: {}\n     rule: {}", group.name, case.name, problems.join("; "), case.rule);
            }
        }
        per_group.push(format!("{}: {} cases, {group_failed} failed", group.name, group.cases.len()));
    }
    if passed + failed == 0 {
        return Err(CliError::Vectors("the suite has no cases".into()));
    }
    for line in per_group {
        println!("{line}");
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        return Err(CliError::Vectors(format!("{failed} conformance case(s) failed")));
    }
    Ok(())
}
