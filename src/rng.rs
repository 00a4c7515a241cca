//! A small, fast, seedable random number generator (SplitMix64).
//!
//! Random players, benchmarks and matches need the same games from the same
//! seed on every machine and at every thread count, so each game draws from
//! its own stream, derived from the run's seed and the game's number.

/// SplitMix64: 64 bits of state, passes BigCrush, one multiply-xorshift per draw.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

/// A seed that differs from run to run, for a run given none: drawn from
/// the standard library's per-process random hash keys (seeded by the
/// operating system), mixed with the time.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    // Small seeds read and type well: 53 bits still never repeat in practice.
    hasher.finish() >> 11
}

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator for game number `game` of a run seeded with `seed`.
    pub fn for_game(seed: u64, game: u64) -> Rng {
        let mut mixer = Rng::new(seed ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng::new(mixer.next_u64())
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by Lemire's multiply-shift.
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod fresh_tests {
    #[test]
    fn fresh_seeds_differ() {
        let seeds: std::collections::BTreeSet<u64> = (0..8).map(|_| super::fresh_seed()).collect();
        assert_eq!(seeds.len(), 8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_bounded() {
        let mut a = Rng::for_game(7, 3);
        let mut b = Rng::for_game(7, 3);
        let mut c = Rng::for_game(7, 4);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..5).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        let mut r = Rng::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and in every
/// run, for digests and checksums kept in files.
pub fn stable_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
