//! A small document model: what the report says, independent of how it is rendered.

use serde::Serialize;

#[derive(Clone, Debug, Default, Serialize)]
pub struct Document {
    pub title: String,
    /// Lines under the title: machine, date, command.
    pub meta: Vec<String>,
    pub sections: Vec<Section>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Section {
    /// Anchor name (`correctness`, `gas`, …).
    pub id: String,
    pub title: String,
    pub blocks: Vec<Block>,
}

#[derive(Clone, Debug, Serialize)]
pub enum Block {
    Paragraph(String),
    Table(Table),
    Chart(Chart),
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Table {
    pub caption: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// A one-line summary: HTML shows it and folds the table under it (`<details>`); Markdown
    /// prints the table as ever. For long tables (per schedule, per file).
    pub summary: Option<String>,
}

impl Table {
    pub fn new(caption: impl Into<String>, header: &[&str]) -> Table {
        Table {
            caption: caption.into(),
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            summary: None,
        }
    }

    /// Folds the table under `summary` in HTML (see [`Table::summary`]).
    pub fn folded(mut self, summary: impl Into<String>) -> Table {
        self.summary = Some(summary.into());
        self
    }

    pub fn row(&mut self, cells: Vec<String>) -> &mut Self {
        assert_eq!(cells.len(), self.header.len(), "row width differs from header in '{}'", self.caption);
        self.rows.push(cells);
        self
    }
}

/// One named line or bar series.
#[derive(Clone, Debug, Serialize)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
    /// A reference line (parity, a floor): drawn dashed.
    pub dashed: bool,
}

impl Series {
    pub fn new(name: impl Into<String>, values: Vec<f64>) -> Series {
        Series { name: name.into(), values, dashed: false }
    }

    /// A reference line, drawn dashed.
    pub fn reference(name: impl Into<String>, values: Vec<f64>) -> Series {
        Series { name: name.into(), values, dashed: true }
    }
}

#[derive(Clone, Debug, Serialize)]
pub enum ChartKind {
    /// One line per series over the numeric x values.
    Lines,
    /// Grouped bars: one group per category, one bar per series.
    Bars,
}

#[derive(Clone, Debug, Serialize)]
pub struct Chart {
    /// File stem for the standalone SVG (`gas_vs_k`).
    pub id: String,
    pub title: String,
    pub kind: ChartKind,
    /// Category labels (bars) or x values as text (lines).
    pub categories: Vec<String>,
    /// Numeric x values for line charts (same length as `categories`).
    pub x: Vec<f64>,
    pub x_label: String,
    pub y_label: String,
    pub log_y: bool,
    pub series: Vec<Series>,
    /// A second panel drawn to the right of this one (lines only, same x; its `id`, `x`,
    /// `categories` and `x_label` are this chart's). A series name in both panels has one
    /// colour and one legend entry.
    pub second: Option<Box<Chart>>,
}

/// Formats an integer with thousands separators: `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A ratio as `1.23x`.
pub fn ratio(x: f64) -> String {
    format!("{x:.2}x")
}

/// A duration in nanoseconds with a readable unit.
pub fn duration_ns(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(duration_ns(1_500_000.0), "1.500 ms");
        assert_eq!(duration_ns(12.34), "12.3 ns");
        assert_eq!(ratio(1.234), "1.23x");
    }
}
