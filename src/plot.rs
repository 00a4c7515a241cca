//! The comparison as an SVG chart: for each variant, bars for South's wins,
//! North's wins and draws, with their 95% intervals as error bars. Plain SVG
//! text, so it opens in any browser and diffs in review.

use std::fmt::Write as _;

use crate::arena::VariantReport;
use crate::stats::Proportion;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 60.0;
const SERIES: [(&str, &str); 3] = [
    ("South wins", "#3b6fb6"),
    ("North wins", "#c8553d"),
    ("Draws", "#8a8a8a"),
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart for `reports`, titled with the players.
pub fn comparison_svg(reports: &[VariantReport], title: &str) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |share: f64| TOP + plot_h * (1.0 - share.clamp(0.0, 1.0));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    for tick in 0..=4 {
        let share = tick as f64 / 4.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#dddddd"/><text x="{}" y="{:.1}" text-anchor="end">{}%</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            y(share) + 4.0,
            tick * 25,
            y = y(share)
        );
    }
    let group_w = plot_w / reports.len().max(1) as f64;
    let bar_w = group_w / 4.0;
    for (g, report) in reports.iter().enumerate() {
        let x0 = LEFT + g as f64 * group_w + bar_w / 2.0;
        let bars: [Proportion; 3] = [report.south_wins, report.north_wins, report.draws];
        for (s, (bar, (_, colour))) in bars.iter().zip(SERIES).enumerate() {
            let x = x0 + s as f64 * bar_w;
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{colour}"><title>{:.1}% [{:.1}, {:.1}]</title></rect>"#,
                y(bar.value),
                bar_w * 0.9,
                y(0.0) - y(bar.value),
                bar.value * 100.0,
                bar.low * 100.0,
                bar.high * 100.0
            );
            let cx = x + bar_w * 0.45;
            let _ = writeln!(
                svg,
                r#"<path d="M{:.1},{:.1}V{:.1}M{:.1},{:.1}H{:.1}M{:.1},{:.1}H{:.1}" stroke="black"/>"#,
                cx,
                y(bar.low),
                y(bar.high),
                cx - 4.0,
                y(bar.low),
                cx + 4.0,
                cx - 4.0,
                y(bar.high),
                cx + 4.0
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{} ({} games)</text>"#,
            x0 + bar_w * 1.5,
            HEIGHT - BOTTOM + 18.0,
            escape(&report.variant),
            report.games
        );
    }
    for (s, (name, colour)) in SERIES.iter().enumerate() {
        let x = LEFT + s as f64 * 150.0;
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="{}" width="12" height="12" fill="{colour}"/><text x="{}" y="{}">{name}</text>"#,
            HEIGHT - 24.0,
            x + 18.0,
            HEIGHT - 14.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}
