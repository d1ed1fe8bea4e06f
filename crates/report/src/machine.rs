//! A description of the machine and tools that produced a set of numbers.

use serde::{Deserialize, Serialize};

/// CPU flags that matter for this project's fast paths.
pub const FLAGS_OF_INTEREST: [&str; 5] = ["adx", "bmi2", "avx2", "avx512f", "avx512ifma"];

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Machine {
    pub cpu_model: String,
    pub logical_cpus: usize,
    /// Each flag of [`FLAGS_OF_INTEREST`] and whether this CPU has it.
    pub cpu_flags: std::collections::BTreeMap<String, bool>,
    pub os: String,
    pub arch: String,
}

impl Machine {
    pub fn detect() -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let field = |name: &str| {
            cpuinfo
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        };
        let flags: Vec<String> =
            field("flags").map(|f| f.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        Machine {
            cpu_model: field("model name").unwrap_or_else(|| "unknown".into()),
            logical_cpus: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            cpu_flags: FLAGS_OF_INTEREST.iter().map(|f| (f.to_string(), flags.iter().any(|g| g == f))).collect(),
            os: std::env::consts::OS.into(),
            arch: std::env::consts::ARCH.into(),
        }
    }
}

/// The version a command prints for `--version`, or `None` if it is not installed.
pub fn tool_version(cmd: &str) -> Option<String> {
    let out = std::process::Command::new(cmd).arg("--version").output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub fn today_utc() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Gregorian date of a day count since 1970-01-01 (H. Hinnant, "chrono-Compatible Low-Level Date
/// Algorithms", civil_from_days).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (era * 400 + yoe + (m <= 2) as i64, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
    }

    #[test]
    fn detects_this_machine() {
        let m = Machine::detect();
        assert!(m.logical_cpus >= 1);
        assert_eq!(m.cpu_flags.len(), FLAGS_OF_INTEREST.len());
    }
}
