//! The errors of the command-line tool, each reported as one line on stderr.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("cannot read {path}: {source}")]
    ReadFile { path: PathBuf, source: std::io::Error },
    #[error("invalid hex in {what}: {reason}")]
    Hex { what: String, reason: String },
    #[error(transparent)]
    Run(#[from] evm384_evm::RunError),
    #[error("vectors: {0}")]
    Vectors(String),
    #[error("build: {0}")]
    Build(String),
    #[error("report: {0}")]
    Report(String),
    #[error("fuzz: {0}")]
    Fuzz(String),
    #[error("hint: {0}")]
    Hint(String),
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}
