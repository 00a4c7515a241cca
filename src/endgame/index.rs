//! Boards as numbers: the boards of `n` seeds on `h` houses, ranked in
//! lexicographic order (the first house most significant), so a layer is a
//! dense array and a board's entry is found in O(h).

/// How many ways `s` seeds lie in `k` houses, for every `k` and `s` a
/// database needs: C(s + k - 1, k - 1).
#[derive(Debug, Clone)]
pub(crate) struct Compositions {
    houses: usize,
    /// `ways[k][s]`, for `k` in `0..=houses + 1`.
    ways: Vec<Vec<u64>>,
}

impl Compositions {
    /// The table for boards of `houses` houses and up to `seeds` seeds.
    pub(crate) fn new(houses: usize, seeds: u32) -> Compositions {
        let seeds = seeds as usize;
        let mut ways = vec![vec![0u64; seeds + 1]; houses + 2];
        // No house holds only the empty board.
        ways[0][0] = 1;
        for k in 1..houses + 2 {
            // k houses hold s seeds: the first holds 0..=s, the rest the others.
            let mut sum = 0u64;
            let fewer = ways[k - 1].clone();
            for (s, way) in ways[k].iter_mut().enumerate() {
                sum = sum.saturating_add(fewer[s]);
                *way = sum;
            }
        }
        Compositions { houses, ways }
    }

    /// The number of boards of `seeds` seeds.
    pub(crate) fn boards(&self, seeds: u32) -> u64 {
        self.ways[self.houses][seeds as usize]
    }

    /// The rank of `board` (which holds `seeds` seeds) among its layer's.
    #[inline]
    pub(crate) fn rank(&self, board: &[u8], seeds: u32) -> u64 {
        let mut left = seeds as usize;
        let mut rank = 0u64;
        for (i, &here) in board[..self.houses - 1].iter().enumerate() {
            let rest = self.houses - 1 - i;
            let here = here as usize;
            // The boards whose house i holds u < here seeds, the rest
            // holding left - u: a sum of ways[rest][..] that telescopes.
            rank += self.ways[rest + 1][left] - self.ways[rest + 1][left - here];
            left -= here;
        }
        rank
    }

    /// The board of rank `rank` among those of `seeds` seeds.
    pub(crate) fn unrank(&self, mut rank: u64, seeds: u32, board: &mut [u8]) {
        let mut left = seeds as usize;
        for (i, house) in board[..self.houses - 1].iter_mut().enumerate() {
            let rest = self.houses - 1 - i;
            let mut here = 0;
            while rank >= self.ways[rest][left - here] {
                rank -= self.ways[rest][left - here];
                here += 1;
            }
            *house = here as u8;
            left -= here;
        }
        board[self.houses - 1] = left as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_has_its_own_rank_in_order() {
        let table = Compositions::new(4, 6);
        for seeds in 0..=6 {
            let boards = table.boards(seeds);
            let mut board = [0u8; 4];
            let mut previous: Option<[u8; 4]> = None;
            for rank in 0..boards {
                table.unrank(rank, seeds, &mut board);
                assert_eq!(board.iter().map(|&s| s as u32).sum::<u32>(), seeds);
                assert_eq!(table.rank(&board, seeds), rank);
                if let Some(p) = previous {
                    assert!(p < board, "lexicographic order");
                }
                previous = Some(board);
            }
        }
        // C(6 + 3, 3) boards of 6 seeds on 4 houses.
        assert_eq!(table.boards(6), 84);
    }
}
