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
    /// `cpu family` and `model` of `/proc/cpuinfo` (e.g. 25 and 17: AMD Zen 4 "Genoa"), which
    /// tell apart CPUs a virtual machine names alike (`AMD EPYC`). Absent in older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_family: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_model_number: Option<u32>,
}

impl Machine {
    pub fn detect() -> Machine {
        Machine::from_cpuinfo(&std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default())
    }

    /// This process's machine, with the CPU described by a `/proc/cpuinfo` text (its first
    /// processor's `model name` and `flags`).
    pub fn from_cpuinfo(cpuinfo: &str) -> Machine {
        let field = |name: &str| {
            cpuinfo
                .lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(k, _)| k.trim() == name)
                .map(|(_, v)| v.trim().to_string())
        };
        let number = |name: &str| field(name).and_then(|v| v.parse().ok());
        let flags: Vec<String> =
            field("flags").map(|f| f.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        Machine {
            cpu_model: field("model name").unwrap_or_else(|| "unknown".into()),
            logical_cpus: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            cpu_flags: FLAGS_OF_INTEREST.iter().map(|f| (f.to_string(), flags.iter().any(|g| g == f))).collect(),
            os: std::env::consts::OS.into(),
            arch: std::env::consts::ARCH.into(),
            cpu_family: number("cpu family"),
            cpu_model_number: number("model"),
        }
    }
}

impl Machine {
    /// The CPU model as a file-name stem: lower case, runs of other characters as one `-`
    /// (`AMD EPYC 9R45` → `amd-epyc-9r45`); a name without a digit (a virtual machine's generic
    /// `AMD EPYC`) gets the family and model numbers when known (`amd-epyc-f25m17`). Result
    /// files are named `<slug>-<date>.json`.
    pub fn slug(&self) -> String {
        let name = self.name_slug();
        match (self.cpu_family, self.cpu_model_number) {
            (Some(f), Some(m)) if !self.cpu_model.chars().any(|c| c.is_ascii_digit()) => format!("{name}-f{f}m{m}"),
            _ => name,
        }
    }

    fn name_slug(&self) -> String {
        let mut s = String::new();
        for c in self.cpu_model.chars() {
            if c.is_ascii_alphanumeric() {
                s.push(c.to_ascii_lowercase());
            } else if !s.is_empty() && !s.ends_with('-') {
                s.push('-');
            }
        }
        let s = s.trim_end_matches('-').to_string();
        if s.is_empty() {
            "unknown-cpu".into()
        } else {
            s
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
    fn slugs_name_files() {
        let m = |model: &str| Machine {
            cpu_model: model.into(),
            logical_cpus: 2,
            cpu_flags: Default::default(),
            os: "linux".into(),
            arch: "x86_64".into(),
            cpu_family: None,
            cpu_model_number: None,
        };
        assert_eq!(m("AMD EPYC 9R45 96-Core Processor").slug(), "amd-epyc-9r45-96-core-processor");
        let generic = Machine { cpu_family: Some(25), cpu_model_number: Some(17), ..m("AMD EPYC") };
        assert_eq!(generic.slug(), "amd-epyc-f25m17");
        let named = Machine { cpu_family: Some(25), cpu_model_number: Some(17), ..m("AMD EPYC 9R45") };
        assert_eq!(named.slug(), "amd-epyc-9r45");
        assert_eq!(m("INTEL(R) XEON(R) PLATINUM 8581C").slug(), "intel-r-xeon-r-platinum-8581c");
        assert_eq!(m("  (?) ").slug(), "unknown-cpu");
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
    }

    #[test]
    fn reads_model_and_flags_from_cpuinfo() {
        let text = "processor\t: 0\nmodel name\t: AMD EPYC 9R45\nflags\t\t: fpu adx bmi2 avx2 avx512f avx512ifma\n\n\
                    processor\t: 1\nmodel name\t: other\nflags\t\t: fpu\n";
        let m = Machine::from_cpuinfo(text);
        assert_eq!(m.cpu_model, "AMD EPYC 9R45");
        assert!(m.cpu_flags.values().all(|&on| on), "{:?}", m.cpu_flags);
        let m = Machine::from_cpuinfo("model name\t: Intel Xeon\nflags\t\t: fpu adx avx512fx\n");
        assert_eq!((m.cpu_flags["adx"], m.cpu_flags["avx512f"], m.cpu_flags["bmi2"]), (true, false, false));
        assert_eq!(Machine::from_cpuinfo("").cpu_model, "unknown");
        // `model` is its own key, not a prefix of `model name`.
        let m = Machine::from_cpuinfo("cpu family\t: 25\nmodel\t\t: 17\nmodel name\t: AMD EPYC\n");
        assert_eq!((m.cpu_family, m.cpu_model_number, m.slug().as_str()), (Some(25), Some(17), "amd-epyc-f25m17"));
    }
}
