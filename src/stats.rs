//! Small statistics for match and comparison reports: proportions with
//! their 95% intervals, and Elo differences.

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A proportion `hits / trials` with its 95% Wilson score interval, which
/// stays inside [0, 1] and behaves at 0 and 1, unlike the normal interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Proportion {
    /// The estimate.
    pub value: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Proportion {
    /// `hits` out of `trials` (0 trials gives 0 with the interval [0, 1]).
    pub fn wilson(hits: u64, trials: u64) -> Proportion {
        if trials == 0 {
            return Proportion {
                value: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = trials as f64;
        let p = hits as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        // At 0 and 1 the bound is exact; rounding would leave it a hair inside.
        Proportion {
            value: p,
            low: if hits == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if hits == trials {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }
}

/// An Elo difference with its 95% interval, from wins, draws and losses.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Elo {
    /// The estimate; infinite when one side scored everything.
    pub difference: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Elo {
    /// The Elo difference of a player who won `wins`, drew `draws` and lost
    /// `losses`. The interval is the Wilson interval of the score (a draw
    /// counting half), mapped to Elo: unlike a normal interval it stays
    /// finite and honest when one side wins every game.
    pub fn from_results(wins: u64, draws: u64, losses: u64) -> Elo {
        let games = wins + draws + losses;
        let score = Proportion::wilson(2 * wins + draws, 2 * games);
        Elo {
            difference: elo_of(score.value),
            low: elo_of(score.low),
            high: elo_of(score.high),
        }
    }
}

impl std::fmt::Display for Elo {
    /// `+120 (95% interval +80 to +165)`; when one side scored every point
    /// the estimate is unbounded, and only the interval's finite end says
    /// something: `above +512 (95%): one side scored every point`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.difference == f64::INFINITY {
            write!(
                f,
                "above {:+.0} (95%): one side scored every point",
                self.low
            )
        } else if self.difference == f64::NEG_INFINITY {
            write!(
                f,
                "below {:+.0} (95%): one side scored every point",
                self.high
            )
        } else {
            // Adding 0 turns a -0 into 0, so an even score reads `+0`.
            write!(
                f,
                "{:+.0} (95% interval {:+.0} to {:+.0})",
                self.difference + 0.0,
                self.low,
                self.high
            )
        }
    }
}

/// The mean of `values` (0 for none).
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

/// The `q` quantile (0 to 1) of `values`, interpolating between the two
/// nearest ranks (0 for none).
pub fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let (low, high) = (at.floor() as usize, at.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (at - low as f64)
}

/// The median of `values` (0 for none).
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_reads_well_when_one_side_wins_everything() {
        let all = Elo::from_results(200, 0, 0);
        let text = all.to_string();
        assert!(text.starts_with("above +"), "{text}");
        assert!(!text.contains("inf"), "{text}");
        let none = Elo::from_results(0, 0, 50).to_string();
        assert!(none.starts_with("below -"), "{none}");
        let even = Elo::from_results(10, 0, 10).to_string();
        assert_eq!(even, "+0 (95% interval -106 to +106)");
    }

    #[test]
    fn wilson_matches_a_known_interval() {
        // 81 of 263: the interval is [0.2553, 0.3662] (Wilson, 95%).
        let p = Proportion::wilson(81, 263);
        assert!(
            (p.low - 0.2553).abs() < 1e-3 && (p.high - 0.3662).abs() < 1e-3,
            "{p:?}"
        );
        let all = Proportion::wilson(10, 10);
        assert_eq!(all.high, 1.0);
        assert!(all.low > 0.69 && all.low < 0.73, "{all:?}");
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Elo::from_results(10, 0, 10);
        assert_eq!(even.difference, 0.0);
        assert!(even.low < 0.0 && even.high > 0.0);
        assert!((even.low + even.high).abs() < 1e-9, "symmetric: {even:?}");
        // 75% scores about +191 Elo.
        let strong = Elo::from_results(75, 0, 25);
        assert!((strong.difference - 190.85).abs() < 0.1, "{strong:?}");
        // Winning everything: the estimate is infinite, the lower bound is not.
        let sweep = Elo::from_results(200, 0, 0);
        assert_eq!(sweep.difference, f64::INFINITY);
        assert!(sweep.low.is_finite() && sweep.low > 500.0, "{sweep:?}");
    }

    #[test]
    fn mean_and_median() {
        assert_eq!(mean(&[1.0, 2.0, 6.0]), 3.0);
        assert_eq!(median(&[5.0, 1.0, 3.0]), 3.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn quantiles_interpolate_between_ranks() {
        let values = [4.0, 1.0, 3.0, 2.0, 5.0];
        assert_eq!(quantile(&values, 0.0), 1.0);
        assert_eq!(quantile(&values, 0.5), 3.0);
        assert_eq!(quantile(&values, 1.0), 5.0);
        assert_eq!(quantile(&values, 0.25), 2.0);
        assert_eq!(quantile(&[1.0, 2.0], 0.5), 1.5);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
