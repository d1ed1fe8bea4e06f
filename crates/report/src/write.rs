//! Writes a report folder: `index.html`, `report.md`, `results.json`, `results.schema.json`,
//! and `charts/*.svg`.

use std::path::Path;

use crate::doc::Block;
use crate::results::Results;
use crate::{chart, present, render};

/// The JSON Schema of `results.json`.
pub const SCHEMA: &str = include_str!("../results.schema.json");

fn io(p: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", p.display())
}

/// Writes every chart of `doc` as `dir/<id>.svg`.
fn write_charts(dir: &Path, doc: &crate::doc::Document) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    for s in &doc.sections {
        for b in &s.blocks {
            if let Block::Chart(c) = b {
                let p = dir.join(format!("{}.svg", c.id));
                std::fs::write(&p, chart::to_svg(c)?).map_err(|e| io(&p, e))?;
            }
        }
    }
    Ok(())
}

/// Writes the report folder `dir`.
pub fn write_report(dir: &Path, results: &Results) -> Result<(), String> {
    write_report_from(dir, results, "results.json")
}

/// [`write_report`], the report naming `source` as the file its figures come from (the file
/// `--from` read; the folder's `results.json` is the same results).
pub fn write_report_from(dir: &Path, results: &Results, source: &str) -> Result<(), String> {
    let doc = present::document_from(results, source);
    write_charts(&dir.join("charts"), &doc)?;
    let files = [
        ("index.html", render::html(&doc)?),
        ("report.md", render::markdown(&doc)),
        ("results.json", serde_json::to_string_pretty(results).map_err(|e| e.to_string())? + "\n"),
        ("results.schema.json", SCHEMA.to_string()),
    ];
    for (name, text) in files {
        let p = dir.join(name);
        std::fs::write(&p, text).map_err(|e| io(&p, e))?;
    }
    Ok(())
}

/// The file stem of a committed result: `<cpu slug>-<date>`, with `-quick` for a quick run.
pub fn result_stem(results: &Results) -> String {
    let quick = if results.mode == "quick" { "-quick" } else { "" };
    format!("{}-{}{quick}", results.machine.slug(), results.date)
}

/// Saves a run for committing, one set of files per CPU and day: `dir/<stem>.json` (the
/// results), `dir/<stem>.md` (the report) and `dir/<stem>/charts/*.svg`. Returns the JSON path.
pub fn save_results(dir: &Path, results: &Results) -> Result<std::path::PathBuf, String> {
    let text = serde_json::to_string_pretty(results).map_err(|e| e.to_string())? + "\n";
    save_results_as(dir, results, &text)
}

/// [`save_results`] with the JSON text given: a re-rendered result keeps its file byte for
/// byte (a float's text can change in a parse-print round trip).
pub fn save_results_as(dir: &Path, results: &Results, json_text: &str) -> Result<std::path::PathBuf, String> {
    let stem = result_stem(results);
    let doc = present::document_from(results, &format!("{stem}.json"));
    write_charts(&dir.join(&stem).join("charts"), &doc)?;
    let json = dir.join(format!("{stem}.json"));
    std::fs::write(&json, json_text).map_err(|e| io(&json, e))?;
    let md = dir.join(format!("{stem}.md"));
    std::fs::write(&md, render::markdown_with_charts_in(&doc, &format!("{stem}/charts"))).map_err(|e| io(&md, e))?;
    Ok(json)
}
