//! The comparison as an SVG chart, in three panels that read without hovering:
//! results (South's wins, North's wins and draws, each bar with its value
//! written on it and its 95% interval), how long games last (5–25–50–75–95%
//! points per variant) and how games end (each reason's share). Axes are
//! scaled to the data. Plain SVG text, so it opens in any browser and diffs in
//! review.

use std::fmt::Write as _;

use crate::arena::VariantReport;
use crate::stats::Proportion;

/// The width of the plotting area, labels aside.
const PLOT_WIDTH: f64 = 620.0;
/// The least room for the variants' names at the left.
const MIN_LEFT: f64 = 110.0;
const RIGHT: f64 = 30.0;
/// About how wide a character of the 12-pixel labels is.
const CHAR_WIDTH: f64 = 7.0;

/// The chart's frame: room at the left for the longest name, so no name is
/// cut at the edge, and the whole width.
#[derive(Clone, Copy)]
struct Frame {
    left: f64,
    width: f64,
}

impl Frame {
    fn for_names<'a>(names: impl Iterator<Item = &'a str>) -> Frame {
        let longest = names.map(|n| n.chars().count()).max().unwrap_or(0) as f64;
        let left = MIN_LEFT.max(longest * CHAR_WIDTH + 16.0);
        Frame {
            left,
            width: left + PLOT_WIDTH + RIGHT,
        }
    }
}
const SERIES: [(&str, &str); 3] = [
    ("South wins", "#3b6fb6"),
    ("North wins", "#c8553d"),
    ("Draws", "#8a8a8a"),
];
/// Each end reason's colour, the same in every chart: by its name, and
/// every `N_left` (seeds left) alike.
fn reason_colour(reason: &str) -> &'static str {
    match reason {
        "majority" => "#4c956c",
        "no_move" => "#e0a458",
        "repetition" => "#6c757d",
        "cannot_feed_after_slam" => "#5e60ce",
        "cannot_feed" => "#d1495b",
        "ply_limit" => "#2c7da0",
        "empty_row" => "#a47148",
        "row_cleared" => "#b5838d",
        "cleared" => "#9c6644",
        "deprived" => "#7b2cbf",
        "unfinished" => "#000000",
        seeds_left if seeds_left.ends_with("_left") => "#f28482",
        _ => "#bbbbbb",
    }
}

/// A variant's name at the left of its row, centred on `mid`.
fn row_label(svg: &mut String, left: f64, mid: f64, name: &str) {
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
        left - 8.0,
        mid + 4.0,
        escape(&crate::diagnostic::excerpt(name))
    );
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The smallest "nice" number (1, 2 or 5 times a power of ten) at or above
/// `value / steps`: the spacing of about `steps` axis ticks up to `value`.
pub fn nice_step(value: f64, steps: u32) -> f64 {
    let raw = (value / steps.max(1) as f64).max(f64::MIN_POSITIVE);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&step| step >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * power)
}

/// The axis maximum for data up to `value`: a whole number of nice steps.
fn axis_top(value: f64, steps: u32) -> (f64, f64) {
    let step = nice_step(value.max(1e-9), steps);
    ((value / step).ceil().max(1.0) * step, step)
}

/// The chart for `reports`, titled with the players.
pub fn comparison_svg(reports: &[VariantReport], title: &str) -> String {
    let reasons: Vec<&String> = {
        let set: std::collections::BTreeSet<&String> =
            reports.iter().flat_map(|r| r.reasons.keys()).collect();
        set.into_iter().collect()
    };
    let rows = reports.len().max(1) as f64;
    let results_h = 260.0;
    let row_h = 34.0;
    let lengths_h = 60.0 + rows * row_h;
    let endings_h = 80.0 + rows * row_h;
    let height = 50.0 + results_h + lengths_h + endings_h;
    let frame = Frame::for_names(reports.iter().map(|r| r.variant.as_str()));
    let width = frame.width;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    let mut top = 50.0;
    results_panel(&mut svg, frame, reports, top, results_h);
    top += results_h;
    lengths_panel(&mut svg, frame, reports, top, row_h);
    top += lengths_h;
    endings_panel(&mut svg, frame, reports, &reasons, top, row_h);
    svg.push_str("</svg>\n");
    svg
}

fn panel_title(svg: &mut String, left: f64, top: f64, text: &str) {
    let _ = writeln!(
        svg,
        r#"<text x="{left}" y="{:.1}" font-size="13" font-weight="bold">{}</text>"#,
        top + 16.0,
        escape(text)
    );
}

/// Grouped bars with values and 95% intervals; the axis reaches just past
/// the highest interval.
fn results_panel(svg: &mut String, frame: Frame, reports: &[VariantReport], top: f64, height: f64) {
    let Frame { left, width } = frame;
    panel_title(
        svg,
        left,
        top,
        "Results (share of games, with 95% intervals)",
    );
    let plot_top = top + 40.0;
    let plot_bottom = top + height - 50.0;
    let plot_h = plot_bottom - plot_top;
    let highest = reports
        .iter()
        .flat_map(|r| [r.south_wins.high, r.north_wins.high, r.draws.high])
        .fold(0.0, f64::max);
    let (axis, step) = axis_top(highest * 100.0, 5);
    let y = |share: f64| plot_bottom - plot_h * (share * 100.0 / axis).clamp(0.0, 1.0);
    let mut tick = 0.0;
    while tick <= axis + 1e-9 {
        let ty = y(tick / 100.0);
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{:.1}" y1="{ty:.1}" y2="{ty:.1}" stroke="#dddddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{tick}%</text>"##,
            width - RIGHT,
            left - 6.0,
            ty + 4.0,
        );
        tick += step;
    }
    let plot_w = width - left - RIGHT;
    let group_w = plot_w / reports.len().max(1) as f64;
    let bar_w = group_w / 4.0;
    for (g, report) in reports.iter().enumerate() {
        let x0 = left + g as f64 * group_w + bar_w / 2.0;
        let bars: [Proportion; 3] = [report.south_wins, report.north_wins, report.draws];
        for (s, (bar, (name, colour))) in bars.iter().zip(SERIES).enumerate() {
            let x = x0 + s as f64 * bar_w;
            let cx = x + bar_w * 0.45;
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{colour}"><title>{name}: {:.1}% [{:.1}, {:.1}]</title></rect>"#,
                y(bar.value),
                bar_w * 0.9,
                plot_bottom - y(bar.value),
                bar.value * 100.0,
                bar.low * 100.0,
                bar.high * 100.0
            );
            let _ = writeln!(
                svg,
                r#"<path d="M{cx:.1},{:.1}V{:.1}M{:.1},{:.1}H{:.1}M{:.1},{:.1}H{:.1}" stroke="black"/>"#,
                y(bar.low),
                y(bar.high),
                cx - 4.0,
                y(bar.low),
                cx + 4.0,
                cx - 4.0,
                y(bar.high),
                cx + 4.0
            );
            // The value above the interval, so neither hides the other, in a
            // size that keeps neighbouring values apart however many bars.
            let _ = writeln!(
                svg,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="{:.1}" font-weight="bold">{:.1}%</text>"#,
                y(bar.high) - 5.0,
                (bar_w * 0.22).clamp(8.0, 12.0),
                bar.value * 100.0
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{} ({} games)</text>"#,
            x0 + bar_w * 1.5,
            plot_bottom + 18.0,
            escape(&crate::diagnostic::excerpt(&report.variant)),
            report.games
        );
    }
    for (s, (name, colour)) in SERIES.iter().enumerate() {
        let x = left + s as f64 * 150.0;
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="{:.1}" width="12" height="12" fill="{colour}"/><text x="{}" y="{:.1}">{name}</text>"#,
            plot_bottom + 30.0,
            x + 18.0,
            plot_bottom + 40.0
        );
    }
}

/// One box per variant: 25–75% of games in the box, the median as a line,
/// whiskers to the 5% and 95% points, each labelled in plies.
fn lengths_panel(svg: &mut String, frame: Frame, reports: &[VariantReport], top: f64, row_h: f64) {
    let Frame { left, width } = frame;
    panel_title(
        svg,
        left,
        top,
        "Game length in plies (box: middle half of games; line: median; whiskers: 5% to 95%)",
    );
    let plot_top = top + 30.0;
    let plot_bottom = plot_top + reports.len() as f64 * row_h;
    let longest = reports
        .iter()
        .map(|r| r.length_quantiles[4])
        .fold(0.0, f64::max);
    let (axis, step) = axis_top(longest, 6);
    let x = |plies: f64| left + (width - left - RIGHT) * (plies / axis).clamp(0.0, 1.0);
    let mut tick = 0.0;
    while tick <= axis + 1e-9 {
        let tx = x(tick);
        let _ = writeln!(
            svg,
            r##"<line x1="{tx:.1}" x2="{tx:.1}" y1="{plot_top:.1}" y2="{plot_bottom:.1}" stroke="#dddddd"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle">{tick}</text>"##,
            plot_bottom + 14.0
        );
        tick += step;
    }
    for (i, report) in reports.iter().enumerate() {
        let [p5, p25, p50, p75, p95] = report.length_quantiles;
        let mid = plot_top + (i as f64 + 0.5) * row_h;
        let half = row_h * 0.3;
        row_label(svg, left, mid, &report.variant);
        let _ = writeln!(
            svg,
            r##"<path d="M{:.1},{mid:.1}H{:.1}M{:.1},{mid:.1}H{:.1}M{:.1},{:.1}V{:.1}M{:.1},{:.1}V{:.1}" stroke="#333333"/>"##,
            x(p5),
            x(p25),
            x(p75),
            x(p95),
            x(p5),
            mid - half / 2.0,
            mid + half / 2.0,
            x(p95),
            mid - half / 2.0,
            mid + half / 2.0
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#9ecae1" stroke="#333333"><title>5%: {p5:.0}, 25%: {p25:.0}, median: {p50:.0}, 75%: {p75:.0}, 95%: {p95:.0}</title></rect>"##,
            x(p25),
            mid - half,
            (x(p75) - x(p25)).max(1.0),
            half * 2.0
        );
        let _ = writeln!(
            svg,
            r#"<path d="M{:.1},{:.1}V{:.1}" stroke="black" stroke-width="2"/>"#,
            x(p50),
            mid - half,
            mid + half
        );
        // The five numbers, under the box where they do not collide.
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold">{p50:.0}</text>"#,
            x(p50),
            mid - half - 3.0
        );
        for (value, anchor) in [(p5, "end"), (p95, "start")] {
            let dx = if anchor == "end" { -4.0 } else { 4.0 };
            let _ = writeln!(
                svg,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="{anchor}" fill="#555555">{value:.0}</text>"##,
                x(value) + dx,
                mid + 4.0
            );
        }
    }
}

/// One bar of 100% per variant, split by end reason, each share written in
/// its segment (or beside the bar when the segment is too narrow).
fn endings_panel(
    svg: &mut String,
    frame: Frame,
    reports: &[VariantReport],
    reasons: &[&String],
    top: f64,
    row_h: f64,
) {
    let Frame { left, width } = frame;
    panel_title(svg, left, top, "How games end (share of games)");
    let plot_top = top + 30.0;
    let bar_width = width - left - RIGHT;
    for (i, report) in reports.iter().enumerate() {
        let mid = plot_top + (i as f64 + 0.5) * row_h;
        let half = row_h * 0.32;
        row_label(svg, left, mid, &report.variant);
        let mut x = left;
        let mut small: Vec<String> = Vec::new();
        for reason in reasons {
            let share = report.reasons.get(*reason).copied().unwrap_or(0.0);
            if share <= 0.0 {
                continue;
            }
            let w = bar_width * share;
            let colour = reason_colour(reason);
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{:.1}" fill="{colour}"><title>{}: {:.1}%</title></rect>"#,
                mid - half,
                half * 2.0,
                escape(reason),
                share * 100.0
            );
            if w >= 44.0 {
                let _ = writeln!(
                    svg,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="white" font-weight="bold">{:.1}%</text>"#,
                    x + w / 2.0,
                    mid + 4.0,
                    share * 100.0
                );
            } else {
                small.push(format!("{} {:.1}%", reason, share * 100.0));
            }
            x += w;
        }
        if !small.is_empty() {
            // Shares too narrow to hold their number are named under the bar.
            let _ = writeln!(
                svg,
                r##"<text x="{left}" y="{:.1}" font-size="10" fill="#333333">also: {}</text>"##,
                mid + half + 10.0,
                escape(&small.join(", "))
            );
        }
    }
    let legend_y = plot_top + reports.len() as f64 * row_h + 30.0;
    let mut x = left;
    for reason in reasons {
        let colour = reason_colour(reason);
        let _ = writeln!(
            svg,
            r#"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            legend_y - 10.0,
            x + 16.0,
            legend_y,
            escape(reason)
        );
        x += 16.0 + 7.0 * reason.len() as f64 + 18.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn report(name: &str, south: u64, north: u64, draws: u64) -> VariantReport {
        let games = south + north + draws;
        let mut reasons = BTreeMap::new();
        reasons.insert("majority".to_string(), 0.9);
        reasons.insert("repetition".to_string(), 0.1);
        VariantReport {
            variant: name.into(),
            games,
            south_wins: Proportion::wilson(south, games),
            north_wins: Proportion::wilson(north, games),
            draws: Proportion::wilson(draws, games),
            mean_length: 70.0,
            median_length: 64.0,
            length_quantiles: [20.0, 40.0, 64.0, 90.0, 150.0],
            captured_per_game: 40.0,
            reasons,
            branching: 3.0,
            first_capture_ply: 9.0,
            rounds_per_match: None,
            seed: 1,
        }
    }

    /// The `fill` of the ending bar whose tooltip names `reason`.
    fn fill_of(svg: &str, reason: &str) -> String {
        let title = svg.find(&format!("<title>{reason}: ")).expect("a bar");
        let rect = svg[..title].rfind("<rect").unwrap();
        let fill = svg[rect..title].find("fill=\"").unwrap() + rect + 6;
        svg[fill..fill + 7].to_string()
    }

    #[test]
    fn an_ending_keeps_its_colour_from_chart_to_chart() {
        let one = report("oware", 10, 10, 1);
        let mut two = report("wouri", 10, 10, 1);
        // "four_left" sorts before "majority": by position in the list,
        // majority would take another colour here.
        two.reasons.insert("four_left".to_string(), 0.2);
        let (a, b) = (comparison_svg(&[one], "a"), comparison_svg(&[two], "b"));
        assert_eq!(fill_of(&a, "majority"), fill_of(&b, "majority"));
        assert_eq!(fill_of(&a, "repetition"), fill_of(&b, "repetition"));
        assert_ne!(fill_of(&b, "four_left"), fill_of(&b, "majority"));
    }

    #[test]
    fn a_long_name_gets_room_at_the_left() {
        let name = "mg-leb-bbut-ahbochen";
        let svg = comparison_svg(&[report(name, 10, 10, 1), report("oware", 1, 2, 3)], "t");
        let label = svg
            .find(&format!(">{name}</text>"))
            .expect("the name is written");
        let x_at = svg[..label].rfind("x=\"").unwrap() + 3;
        let x: f64 = svg[x_at..].split('"').next().unwrap().parse().unwrap();
        // Right-aligned at x: the name's width must fit left of it.
        assert!(x >= name.len() as f64 * CHAR_WIDTH, "{x}");
        let short = comparison_svg(&[report("oware", 1, 2, 3)], "t");
        assert!(
            short.contains(r#"width="760""#),
            "a short name keeps the width"
        );
    }

    #[test]
    fn nice_steps_are_one_two_or_five() {
        assert_eq!(nice_step(55.0, 5), 20.0);
        assert_eq!(nice_step(50.0, 5), 10.0);
        assert_eq!(nice_step(150.0, 6), 50.0);
        assert_eq!(nice_step(0.9, 5), 0.2);
        assert_eq!(axis_top(53.2, 5), (60.0, 20.0));
    }

    #[test]
    fn values_are_written_and_the_axis_fits_the_data() {
        let svg = comparison_svg(&[report("first", 460, 490, 50)], "t");
        // Values on the bars, not only in tooltips.
        for value in ["46.0%", "49.0%", "5.0%"] {
            assert!(
                svg.contains(&format!(r#"font-weight="bold">{value}</text>"#)),
                "{value} written on its bar"
            );
        }
        // The highest interval is about 52%: the axis stops at 60%, not 100%.
        assert!(svg.contains(">60%</text>"));
        assert!(!svg.contains(">80%</text>") && !svg.contains(">100%</text>"));
        // The length panel writes the median and the 5% and 95% points.
        assert!(svg.contains("Game length"));
        assert!(svg.contains(r#"font-weight="bold">64</text>"#));
        assert!(svg.contains(">150</text>"));
        // The endings panel writes each share and names each reason.
        assert!(svg.contains("How games end"));
        assert!(svg.contains(">90.0%</text>"));
        assert!(svg.contains(">10.0%</text>"));
        assert!(svg.contains(">repetition</text>"));
    }
}
