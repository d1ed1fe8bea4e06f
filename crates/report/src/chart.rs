//! Charts as SVG text (plotters' SVG backend; no fonts or network needed).

use crate::doc::{Chart, ChartKind};
use plotters::prelude::*;

const WIDTH: u32 = 760;
const HEIGHT: u32 = 420;

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

/// Renders a chart to a standalone `<svg>` element.
pub fn to_svg(chart: &Chart) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        match chart.kind {
            ChartKind::Lines => draw_lines(&root, chart),
            ChartKind::Bars => draw_bars(&root, chart),
        }
        .map_err(|e| format!("chart '{}': {e}", chart.id))?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
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

/// The y range covering every value, padded; for a log axis, whole decades.
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
        // Headroom above the highest value keeps the legend (upper left) clear of the data.
        (0.0, hi * 1.45)
    }
}

fn draw_lines(root: &Area, chart: &Chart) -> DrawResult {
    let (x0, x1) = chart.x.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let (y0, y1) = y_range(chart);
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.title, ("sans-serif", 18)).margin(12).x_label_area_size(40).y_label_area_size(80);
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            ctx.configure_mesh()
                .x_desc(&chart.x_label)
                .y_desc(&chart.y_label)
                .x_label_formatter(&|x: &f64| {
                    if (x - x.round()).abs() < 1e-6 {
                        format!("{}", x.round())
                    } else {
                        String::new()
                    }
                })
                .y_label_formatter(&|y: &f64| axis_number(*y))
                .draw()?;
            for (i, s) in chart.series.iter().enumerate() {
                let color = PALETTE[i % PALETTE.len()];
                let pts: Vec<(f64, f64)> = chart.x.iter().copied().zip(s.values.iter().copied()).collect();
                ctx.draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))?
                    .label(&s.name)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2)));
                ctx.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, color.filled())))?;
            }
            ctx.configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()?;
        }};
    }
    let x_pad = ((x1 - x0) * 0.03).max(0.1);
    if chart.log_y {
        body!(builder.build_cartesian_2d((x0 - x_pad)..(x1 + x_pad), (y0..y1).log_scale())?);
    } else {
        body!(builder.build_cartesian_2d((x0 - x_pad)..(x1 + x_pad), y0..y1)?);
    }
    Ok(())
}

fn draw_bars(root: &Area, chart: &Chart) -> DrawResult {
    let (y0, y1) = y_range(chart);
    let groups = chart.categories.len();
    let per_group = chart.series.len().max(1);
    let mut builder = ChartBuilder::on(root);
    builder.caption(&chart.title, ("sans-serif", 18)).margin(12).x_label_area_size(40).y_label_area_size(80);
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
                .x_labels(groups.max(1) * 2 + 1)
                .x_label_formatter(&label_of)
                .x_desc(&chart.x_label)
                .y_desc(&chart.y_label)
                .y_label_formatter(&|y: &f64| axis_number(*y))
                .draw()?;
            let width = 0.8 / per_group as f64;
            for (si, s) in chart.series.iter().enumerate() {
                let color = PALETTE[si % PALETTE.len()];
                let bars = s.values.iter().enumerate().filter(|(_, v)| v.is_finite() && **v > 0.0).map(|(g, &v)| {
                    let left = g as f64 - 0.4 + si as f64 * width;
                    Rectangle::new([(left, $base), (left + width * 0.92, v)], color.filled())
                });
                ctx.draw_series(bars)?
                    .label(&s.name)
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
            }
            ctx.configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()?;
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
                Series { name: "precompile".into(), values: vec![70300.0, 102900.0, 168100.0] },
                Series { name: "model B".into(), values: vec![90000.0, 120000.0, 190000.0] },
            ],
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
            }
        }
    }
}
