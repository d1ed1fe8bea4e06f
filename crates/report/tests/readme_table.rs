//! The front door stays true to the committed results: the README's headline table is what the
//! newest committed result file of each CPU generates, `results/` holds at its top level only
//! reports of record and fuzz runs, and the links of the README and `docs/` resolve.

use std::path::{Path, PathBuf};

use evm384_report::headline;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn readme_headline_table_is_what_the_committed_results_generate() {
    let files = headline::newest_per_cpu(&root().join("results"), "results").unwrap();
    assert!(!files.is_empty(), "no committed report under results/");
    let want = headline::block(&files);
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let have = headline::extract(&readme)
        .unwrap_or_else(|| panic!("README.md has no `{}` … `{}` block", headline::BEGIN, headline::END));
    assert!(
        have == want,
        "README.md's headline table differs from what the committed result files generate; \
         regenerate it with `cargo run --release -- report --readme-table README.md`\n\
         --- README.md\n{have}\n--- generated\n{want}"
    );
}

/// `results/`'s top level: `README.md`, and per report `<cpu>-<date>.json`, `.md`, the
/// `<cpu>-<date>/` chart folder and the screenshot of its HTML's top `<cpu>-<date>-answer.png`
/// (docs/cli.md), and the fuzz runs `<cpu>-<date>-fuzz-<what>.json`; lab outputs go to
/// `results/lab/`.
#[test]
fn results_top_level_holds_only_reports_of_record_and_fuzz_runs() {
    let dir = root().join("results");
    let entries: Vec<(String, bool)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name().into_string().unwrap(), e.path().is_dir()))
        .collect();
    let reports: Vec<String> = entries
        .iter()
        .filter_map(|(n, is_dir)| n.strip_suffix(".json").filter(|_| !is_dir && !n.contains("-fuzz-")))
        .map(str::to_string)
        .collect();
    for (name, is_dir) in &entries {
        let ok = if *is_dir {
            name == "lab" || reports.contains(name)
        } else if name == "README.md" {
            true
        } else if let Some(stem) = name.strip_suffix(".json") {
            match stem.split_once("-fuzz-") {
                Some((_, what)) => ["ops", "pairing", "bytecode"].contains(&what),
                None => serde_json::from_str::<evm384_report::results::Results>(
                    &std::fs::read_to_string(dir.join(name)).unwrap(),
                )
                .is_ok(),
            }
        } else if let Some(stem) = name.strip_suffix(".md") {
            reports.iter().any(|r| r == stem)
        } else if let Some(stem) = name.strip_suffix("-answer.png") {
            reports.iter().any(|r| r == stem)
        } else {
            false
        };
        assert!(ok, "results/{name} is neither a report of record nor a fuzz run (lab outputs go to results/lab/)");
    }
    for r in &reports {
        assert!(dir.join(format!("{r}.md")).is_file(), "results/{r}.json has no report results/{r}.md");
    }
}

/// Every relative link `](path)` of the front-door documents names an existing file.
#[test]
fn front_door_links_resolve() {
    let mut docs =
        vec![root().join("README.md"), root().join("results/README.md"), root().join("results/lab/README.md")];
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            docs.push(p);
        }
    }
    for doc in docs {
        let Ok(text) = std::fs::read_to_string(&doc) else { continue };
        let base = doc.parent().unwrap();
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = rest[..end].split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            assert!(base.join(target).exists(), "{}: link `{target}` resolves to no file", doc.display());
        }
    }
}
