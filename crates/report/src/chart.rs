//! Charts as SVG text (plotters' SVG backend; no fonts or network needed).

use crate::doc::{Chart, ChartKind};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Width of a one-panel chart and of a two-panel one, in px. The HTML page's text column is
/// 1,100 px wide, so both show at their natural size (fonts as set below) in a 1,400 px window.
const WIDTH: u32 = 820;
const WIDE: u32 = 1060;
/// Height of the plot (the legend below it adds its own rows).
const HEIGHT: u32 = 430;

/// Font sizes as plotters takes them; its SVG backend writes `size / 1.24` px, so 16 gives
/// 12.9 px: every label at least 12 px at 100 % zoom (a test checks the SVG).
const TITLE_FONT: u32 = 22;
const AXIS_DESC_FONT: u32 = 18;
const TICK_FONT: u32 = 16;
const LEGEND_FONT: u32 = 17;
/// Legend rows, below the plot so that it never covers the data.
const LEGEND_ROW: u32 = 26;

/// A palette that stays distinguishable in print and for common colour-vision deficiencies
/// (Okabe–Ito, with its yellow, unreadable on white, replaced by a violet).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(213, 94, 0),
    RGBColor(86, 180, 233),
    RGBColor(204, 121, 167),
    RGBColor(120, 94, 240),
    RGBColor(0, 0, 0),
];

/// One legend entry: a series name, its colour and whether it is dashed.
struct Entry {
    name: String,
    color: RGBColor,
    dashed: bool,
}

/// The legend of a chart, both panels: one entry per series name, in order of appearance.
fn legend(chart: &Chart) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let panels = std::iter::once(chart).chain(chart.second.as_deref());
    for s in panels.flat_map(|c| c.series.iter()) {
        if !out.iter().any(|e| e.name == s.name) {
            // The parity line is black in every chart; the others take the palette in order.
            let color = if s.name == "parity" { BLACK } else { PALETTE[out.len() % (PALETTE.len() - 1)] };
            out.push(Entry { name: s.name.clone(), color, dashed: s.dashed });
        }
    }
    out
}

/// An entry's width in px: swatch, gap, text (an upper bound of sans-serif's average advance).
fn entry_width(e: &Entry) -> u32 {
    40 + (e.name.chars().count() as f64 * LEGEND_FONT as f64 / 1.24 * 0.6).ceil() as u32 + 24
}

/// The legend laid out in rows within `width`: (row, x) of each entry, and the row count.
fn legend_layout(entries: &[Entry], width: u32) -> (Vec<(u32, u32)>, u32) {
    let (mut row, mut x, mut at) = (0u32, 0u32, Vec::new());
    for e in entries {
        let w = entry_width(e);
        if x > 0 && x + w > width {
            row += 1;
            x = 0;
        }
        at.push((row, x));
        x += w;
    }
    (at, if entries.is_empty() { 0 } else { row + 1 })
}

/// Renders a chart to a standalone `<svg>` element.
pub fn to_svg(chart: &Chart) -> Result<String, String> {
    let width = if chart.second.is_some() { WIDE } else { WIDTH };
    let entries = legend(chart);
    let margin = 16u32;
    let (at, rows) = legend_layout(&entries, width - 2 * margin);
    let legend_h = rows * LEGEND_ROW + 12;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, HEIGHT + legend_h)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plot, below) = root.split_vertically(HEIGHT);
        let color_of = |name: &str| entries.iter().find(|e| e.name == name).map(|e| e.color).unwrap_or(BLACK);
        let drawn = match (&chart.kind, chart.second.as_deref()) {
            (ChartKind::Lines, None) => draw_lines(&plot, chart, &color_of),
            (ChartKind::Lines, Some(second)) => {
                let (left, right) = plot.split_horizontally(width / 2);
                let second = Chart {
                    id: chart.id.clone(),
                    x: chart.x.clone(),
                    categories: chart.categories.clone(),
                    x_label: chart.x_label.clone(),
                    second: None,
                    ..second.clone()
                };
                draw_lines(&left, chart, &color_of).and_then(|_| draw_lines(&right, &second, &color_of))
            }
            (ChartKind::Bars, _) => draw_bars(&plot, chart, &color_of),
        };
        drawn.map_err(|e| format!("chart '{}': {e}", chart.id))?;
        draw_legend(&below, &entries, &at, margin).map_err(|e| format!("chart '{}' legend: {e}", chart.id))?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

fn draw_legend(area: &Area, entries: &[Entry], at: &[(u32, u32)], margin: u32) -> DrawResult {
    for (e, &(row, x)) in entries.iter().zip(at) {
        let (x, y) = ((margin + x) as i32, (row * LEGEND_ROW + LEGEND_ROW / 2 + 4) as i32);
        if e.dashed {
            for dx in [0, 13, 26] {
                area.draw(&PathElement::new(vec![(x + dx, y), (x + dx + 8, y)], e.color.stroke_width(3)))?;
            }
        } else {
            area.draw(&PathElement::new(vec![(x, y), (x + 34, y)], e.color.stroke_width(3)))?;
        }
        let style = TextStyle::from(("sans-serif", LEGEND_FONT).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        area.draw(&Text::new(e.name.clone(), (x + 40, y), style))?;
    }
    Ok(())
}

/// Axis numbers without float noise: `1,200,000`, `0.5`.
fn axis_number(y: f64) -> String {
    if y.abs() >= 1000.0 || y == y.trunc() {
        crate::doc::thousands(y.round().max(0.0) as u64)
    } else {
        format!("{}", (y * 1000.0).round() / 1000.0)
    }
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The y range covering every value, padded; for a log axis, whole decades. A line chart whose
/// values are ratios near 1 (a dashed reference at 1) starts at 0 like the others.
fn y_range(chart: &Chart) -> (f64, f64) {
    let vals = chart.series.iter().flat_map(|s| s.values.iter().copied()).filter(|v| v.is_finite());
    let (lo, hi) = vals.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        return (0.0, 1.0);
    }
    if chart.log_y {
        let lo = lo.max(1e-9);
        (10f64.powf(lo.log10().floor()), 10f64.powf(hi.log10().ceil()))
    } else {
        // The legend is below the plot: a little headroom is enough.
        (0.0, hi * 1.08)
    }
}

fn draw_lines(root: &Area, chart: &Chart, color_of: &dyn Fn(&str) -> RGBColor) -> DrawResult {
    let (x0, x1) = chart.x.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let (y0, y1) = y_range(chart);
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.title, ("sans-serif", TITLE_FONT)).margin(14).x_label_area_size(52).y_label_area_size(84);
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            ctx.configure_mesh()
                .x_desc(&chart.x_label)
                .y_desc(&chart.y_label)
                .axis_desc_style(("sans-serif", AXIS_DESC_FONT))
                .label_style(("sans-serif", TICK_FONT))
                .max_light_lines(0)
                .x_labels(chart.x.len().max(2) * 2 + 1)
                .x_label_formatter(&|x: &f64| {
                    if (x - x.round()).abs() < 1e-6 && chart.x.iter().any(|v| (v - x).abs() < 1e-6) {
                        format!("{}", x.round())
                    } else {
                        String::new()
                    }
                })
                .y_label_formatter(&|y: &f64| axis_number(*y))
                .draw()?;
            for s in &chart.series {
                let color = color_of(&s.name);
                let pts: Vec<(f64, f64)> =
                    chart.x.iter().copied().zip(s.values.iter().copied()).filter(|(_, y)| y.is_finite()).collect();
                if s.dashed {
                    ctx.draw_series(DashedLineSeries::new(pts.clone(), 9, 6, color.stroke_width(2)))?;
                } else {
                    ctx.draw_series(LineSeries::new(pts.clone(), color.stroke_width(3)))?;
                    ctx.draw_series(pts.into_iter().map(|p| Circle::new(p, 4, color.filled())))?;
                }
            }
        }};
    }
    let x_pad = ((x1 - x0) * 0.04).max(0.1);
    if chart.log_y {
        body!(builder.build_cartesian_2d((x0 - x_pad)..(x1 + x_pad), (y0..y1).log_scale())?);
    } else {
        body!(builder.build_cartesian_2d((x0 - x_pad)..(x1 + x_pad), y0..y1)?);
    }
    Ok(())
}

fn draw_bars(root: &Area, chart: &Chart, color_of: &dyn Fn(&str) -> RGBColor) -> DrawResult {
    let (y0, y1) = y_range(chart);
    let groups = chart.categories.len();
    let per_group = chart.series.len().max(1);
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.title, ("sans-serif", TITLE_FONT)).margin(14).x_label_area_size(52).y_label_area_size(84);
    let labels = chart.categories.clone();
    let label_of = move |x: &f64| -> String {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
            labels[i as usize].clone()
        } else {
            String::new()
        }
    };
    macro_rules! body {
        ($ctx:expr, $base:expr) => {{
            let mut ctx = $ctx;
            ctx.configure_mesh()
                .disable_x_mesh()
                .max_light_lines(0)
                .x_labels(groups.max(1) * 2 + 1)
                .x_label_formatter(&label_of)
                .x_desc(&chart.x_label)
                .y_desc(&chart.y_label)
                .axis_desc_style(("sans-serif", AXIS_DESC_FONT))
                .label_style(("sans-serif", TICK_FONT))
                .y_label_formatter(&|y: &f64| axis_number(*y))
                .draw()?;
            let width = 0.8 / per_group as f64;
            for (si, s) in chart.series.iter().enumerate() {
                let color = color_of(&s.name);
                let bars = s.values.iter().enumerate().filter(|(_, v)| v.is_finite() && **v > 0.0).map(|(g, &v)| {
                    let left = g as f64 - 0.4 + si as f64 * width;
                    Rectangle::new([(left, $base), (left + width * 0.92, v)], color.filled())
                });
                ctx.draw_series(bars)?;
            }
        }};
    }
    let xr = -0.6..(groups as f64 - 0.4);
    if chart.log_y {
        body!(builder.build_cartesian_2d(xr, (y0..y1).log_scale())?, y0);
    } else {
        body!(builder.build_cartesian_2d(xr, y0..y1)?, 0.0);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::Series;

    fn chart(kind: ChartKind, log_y: bool) -> Chart {
        Chart {
            id: "t".into(),
            title: "Gas vs k".into(),
            kind,
            categories: vec!["1".into(), "2".into(), "4".into()],
            x: vec![1.0, 2.0, 4.0],
            x_label: "k".into(),
            y_label: "gas".into(),
            log_y,
            series: vec![
                Series::reference("precompile", vec![70300.0, 102900.0, 168100.0]),
                Series::new("model B", vec![90000.0, 120000.0, f64::NAN]),
            ],
            second: None,
        }
    }

    #[test]
    fn renders_both_kinds_on_both_scales() {
        for kind in [ChartKind::Lines, ChartKind::Bars] {
            for log_y in [false, true] {
                let svg = to_svg(&chart(kind.clone(), log_y)).unwrap();
                assert!(svg.starts_with("<svg"), "{svg:.80}");
                assert!(svg.contains("precompile") && svg.contains("model B"));
                assert!(svg.contains("Gas vs k"));
                assert_legible(&svg);
            }
        }
        let mut two = chart(ChartKind::Lines, false);
        two.second =
            Some(Box::new(Chart { title: "Time vs k".into(), y_label: "× precompile".into(), ..two.clone() }));
        let svg = to_svg(&two).unwrap();
        assert!(svg.contains("Time vs k") && svg.contains(&format!("width=\"{WIDE}\"")));
        // One legend entry per name, though both panels draw both series.
        assert_eq!(svg.matches("\nmodel B\n").count(), 1, "{svg}");
        assert_legible(&svg);
    }

    /// Every text of the SVG is at least 12 px at its natural size, and it is at most 1,060 px
    /// wide (the HTML page's text column shows it unscaled).
    fn assert_legible(svg: &str) {
        for (i, _) in svg.match_indices("font-size=\"") {
            let rest = &svg[i + 11..];
            let px: f64 = rest[..rest.find('"').unwrap()].parse().unwrap();
            assert!(px >= 12.0, "font-size {px} px < 12 px");
        }
        let w = &svg[svg.find("width=\"").unwrap() + 7..];
        let w: u32 = w[..w.find('"').unwrap()].parse().unwrap();
        assert!(w <= WIDE);
    }
}
