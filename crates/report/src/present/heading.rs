//! The document's title and the lines under it: the command, machine and tools of the run.

use super::prose::Prose;
use crate::results::Results;

/// The lines' prose (`text/heading.md`).
pub(super) const PROSE: Prose = Prose { text: include_str!("text/heading.md"), fragments: &[("measured-here", &[])] };

pub const TITLE: &str = "EVM384 BLS12-381 pairing check: counts, gas and runtime";

/// The lines under the title.
pub fn meta(r: &Results) -> Vec<String> {
    let flags = r
        .machine
        .cpu_flags
        .iter()
        .map(|(f, on)| format!("{f} {}", if *on { "yes" } else { "no" }))
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        format!("command: `{}` ({} mode), {}", r.command, r.mode, r.date),
        format!("machine: {} ({} logical CPUs; {flags})", r.machine.cpu_model, r.machine.logical_cpus),
        format!("tools: {}", r.tools.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join("; ")),
        PROSE.words("measured-here"),
    ]
}
