//! The document as Markdown and as one self-contained HTML page (inline CSS and SVG, nothing
//! fetched from the network).

use crate::chart;
use crate::doc::{Block, Document, Table};

/// Markdown; charts are linked as `charts/<id>.svg` (written beside it by the caller).
pub fn markdown(doc: &Document) -> String {
    markdown_with_charts_in(doc, "charts")
}

/// Markdown with charts linked as `<chart_dir>/<id>.svg`.
pub fn markdown_with_charts_in(doc: &Document, chart_dir: &str) -> String {
    let mut out = format!("# {}\n\n", doc.title);
    for m in &doc.meta {
        out += &format!("- {m}\n");
    }
    out += "\n";
    for s in &doc.sections {
        out += &format!("## {}\n\n", s.title);
        for b in &s.blocks {
            match b {
                Block::Paragraph(p) => out += &format!("{p}\n\n"),
                Block::Table(t) => out += &markdown_table(t),
                Block::Chart(c) => out += &format!("![{}]({chart_dir}/{}.svg)\n\n", c.title, c.id),
            }
        }
    }
    out
}

fn markdown_table(t: &Table) -> String {
    let esc = |s: &String| s.replace('|', "\\|");
    let mut out = String::new();
    if !t.caption.is_empty() {
        out += &format!("**{}**\n\n", t.caption);
    }
    out += &format!("| {} |\n", t.header.iter().map(esc).collect::<Vec<_>>().join(" | "));
    out += &format!(
        "|{}\n",
        t.header.iter().enumerate().map(|(i, _)| if i == 0 { "---|" } else { "---:|" }).collect::<String>()
    );
    for r in &t.rows {
        out += &format!("| {} |\n", r.iter().map(esc).collect::<Vec<_>>().join(" | "));
    }
    out + "\n"
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Turns `**bold**` and `` `code` `` in a paragraph into HTML (the only inline marks we use).
fn inline_marks(s: &str) -> String {
    let mut out = String::new();
    let (mut bold, mut code) = (false, false);
    let mut rest = html_escape(s);
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("**") {
            out += if bold { "</strong>" } else { "<strong>" };
            bold = !bold;
            rest = r.to_string();
        } else if let Some(r) = rest.strip_prefix('`') {
            out += if code { "</code>" } else { "<code>" };
            code = !code;
            rest = r.to_string();
        } else {
            let ch = rest.chars().next().unwrap();
            out.push(ch);
            rest = rest[ch.len_utf8()..].to_string();
        }
    }
    out
}

/// Nothing may widen the page: wide tables scroll inside their own box (`div.scroll`), long
/// words and code wrap, charts scale down only in a window narrower than their natural width.
const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45;overflow-wrap:anywhere}
h1{font-size:1.7em;margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
ul.meta{color:#555;font-size:.9em;padding-left:1.2em}
div.scroll{overflow-x:auto;max-width:100%;margin:.6em 0 1.4em}
table{border-collapse:collapse;font-size:.9em}
caption{text-align:left;font-weight:600;padding:.3em 0;overflow-wrap:normal}
th,td{border:1px solid #d0d0d0;padding:.3em .6em;white-space:nowrap;overflow-wrap:normal}
td.long{white-space:normal;min-width:28em}
th{background:#f3f3f3}td{text-align:right;font-variant-numeric:tabular-nums}td:first-child{text-align:left}
tr:nth-child(even) td{background:#fafafa}
details{margin:.6em 0 1.4em}summary{cursor:pointer;font-weight:600}details>div.scroll{margin-top:.4em}
section#answer table{font-size:1em}section#answer td:first-child{white-space:normal;min-width:22em}
figure{margin:1em 0}svg{max-width:100%;height:auto}code{background:#f3f3f3;padding:0 .2em}
nav{display:flex;flex-wrap:wrap;gap:.2em 1em}";

/// One self-contained HTML page with inline SVG charts.
pub fn html(doc: &Document) -> Result<String, String> {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{CSS}</style></head><body>\n<h1>{}</h1>\n<ul class=\"meta\">",
        html_escape(&doc.title),
        html_escape(&doc.title)
    );
    for m in &doc.meta {
        out += &format!("<li>{}</li>", inline_marks(m));
    }
    out += "</ul>\n<nav>";
    for s in &doc.sections {
        out += &format!("<a href=\"#{}\">{}</a>", s.id, html_escape(&s.title));
    }
    out += "</nav>\n";
    for s in &doc.sections {
        out += &format!("<section id=\"{}\"><h2>{}</h2>\n", s.id, html_escape(&s.title));
        for b in &s.blocks {
            match b {
                Block::Paragraph(p) => out += &format!("<p>{}</p>\n", inline_marks(p)),
                Block::Table(t) => out += &html_table(t),
                Block::Chart(c) => {
                    out += &format!("<figure>{}</figure>\n", chart::to_svg(c)?);
                }
            }
        }
        out += "</section>\n";
    }
    Ok(out + "</body></html>\n")
}

/// A cell wraps (class `long`) when its text is longer than this many characters.
const LONG_CELL: usize = 90;

/// A table in its own scrolling box; folded under its summary when it has one.
fn html_table(t: &Table) -> String {
    let mut out = String::from("<div class=\"scroll\"><table>");
    if !t.caption.is_empty() {
        out += &format!("<caption>{}</caption>", inline_marks(&t.caption));
    }
    out += "<thead><tr>";
    for h in &t.header {
        out += &format!("<th>{}</th>", html_escape(h));
    }
    out += "</tr></thead><tbody>";
    for r in &t.rows {
        out += "<tr>";
        for c in r {
            let class = if c.chars().count() > LONG_CELL { " class=\"long\"" } else { "" };
            out += &format!("<td{class}>{}</td>", inline_marks(c));
        }
        out += "</tr>";
    }
    out += "</tbody></table></div>";
    match &t.summary {
        Some(s) => format!("<details><summary>{}</summary>{out}</details>\n", inline_marks(s)),
        None => out + "\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::{Chart, ChartKind, Section, Series};

    fn doc() -> Document {
        let mut t = Table::new("Gas at k = 2", &["schedule", "gas"]);
        t.row(vec!["model B".into(), "1,234".into()]);
        Document {
            title: "evm384 report".into(),
            meta: vec!["date: `2026-11-22`".into()],
            sections: vec![Section {
                id: "gas".into(),
                title: "Gas".into(),
                blocks: vec![
                    Block::Paragraph("It costs **1.5x** the <precompile>.".into()),
                    Block::Table(t),
                    Block::Chart(Chart {
                        id: "gas_vs_k".into(),
                        title: "Gas vs k".into(),
                        kind: ChartKind::Lines,
                        categories: vec!["1".into(), "2".into()],
                        x: vec![1.0, 2.0],
                        x_label: "k".into(),
                        y_label: "gas".into(),
                        log_y: false,
                        series: vec![Series::new("p", vec![1.0, 2.0])],
                        second: None,
                    }),
                ],
            }],
        }
    }

    #[test]
    fn markdown_has_tables_and_chart_links() {
        let md = markdown(&doc());
        assert!(md.contains("| schedule | gas |\n|---|---:|\n| model B | 1,234 |"), "{md}");
        assert!(md.contains("![Gas vs k](charts/gas_vs_k.svg)"));
    }

    #[test]
    fn html_is_self_contained_with_inline_svg() {
        let h = html(&doc()).unwrap();
        assert_eq!(h.matches("<svg").count(), 1);
        assert!(h.contains("<strong>1.5x</strong> the &lt;precompile&gt;"));
        assert!(!h.contains("http://") || h.matches("http://").all(|_| true) && !h.contains("src=\"http"));
        assert!(!h.contains("<script"));
        assert!(h.contains("<div class=\"scroll\"><table>"), "every table scrolls in its own box");
    }

    #[test]
    fn folded_tables_sit_under_their_summary_in_html_only() {
        let mut d = doc();
        let Block::Table(t) = &mut d.sections[0].blocks[1] else { panic!() };
        *t = t.clone().folded("9 schedules: model B cheapest");
        let h = html(&d).unwrap();
        assert!(h.contains("<details><summary>9 schedules: model B cheapest</summary><div class=\"scroll\"><table>"));
        assert!(markdown(&d).contains("| model B | 1,234 |"));
    }
}
