//! Writes a report folder: `index.html`, `report.md`, `results.json`, `results.schema.json`,
//! and `charts/*.svg`.

use std::path::Path;

use crate::doc::Block;
use crate::results::Results;
use crate::{chart, present, render};

/// The JSON Schema of `results.json`.
pub const SCHEMA: &str = include_str!("../results.schema.json");

pub fn write_report(dir: &Path, results: &Results) -> Result<(), String> {
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    let charts = dir.join("charts");
    std::fs::create_dir_all(&charts).map_err(|e| io(&charts, e))?;
    let doc = present::document(results);
    for s in &doc.sections {
        for b in &s.blocks {
            if let Block::Chart(c) = b {
                let p = charts.join(format!("{}.svg", c.id));
                std::fs::write(&p, chart::to_svg(c)?).map_err(|e| io(&p, e))?;
            }
        }
    }
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
