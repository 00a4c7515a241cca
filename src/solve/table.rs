//! The transposition table: bounds on the value of positions already
//! searched, in a fixed amount of memory.

/// What the table knows of one position.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Entry {
    /// The position's full search key, mixed (0: an empty slot).
    key: u64,
    /// The value is at least this.
    pub(super) lower: i16,
    /// The value is at most this.
    pub(super) upper: i16,
    /// Plies left before the variant's ply limit when it was searched.
    pub(super) plies_left: u16,
    /// The longest line the search below it went down, in plies: the ply
    /// limit did not matter to it if that is shorter than the plies left.
    pub(super) reach: u16,
    /// The index of the best move found, in the legal moves' order.
    pub(super) best: u8,
    /// The work spent on it, as the log2 of the nodes searched below: a slot
    /// keeps the costlier of two entries.
    work: u8,
}

impl Entry {
    /// Whether the entry holds for a position searched with `plies_left`
    /// plies before the ply limit.
    #[inline]
    pub(super) fn holds_at(&self, plies_left: u16) -> bool {
        self.plies_left == plies_left || (self.reach < self.plies_left && self.reach < plies_left)
    }
}

/// Two entries: the first keeps the costliest search, the second the
/// newest. Aligned to a cache line, so a probe reads one line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// A table of buckets, indexed by the key's low bits.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

/// One bucket's size in bytes.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket), a power of
    /// two of buckets.
    pub(super) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / BUCKET_BYTES).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets - 1,
        }
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// The entry for `key` (a [`crate::walk::mix`]ed key), if the table has
    /// one.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<&Entry> {
        let bucket = &self.buckets[key as usize & self.mask].0;
        bucket.iter().find(|e| e.key == key)
    }

    /// Records what a search of `key` found.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn store(
        &mut self,
        key: u64,
        lower: i32,
        upper: i32,
        best: u8,
        nodes: u64,
        plies_left: u16,
        reach: u16,
    ) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let entry = Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            plies_left,
            reach,
            best,
            work,
        };
        let bucket = &mut self.buckets[key as usize & self.mask].0;
        if bucket[0].key == key || work >= bucket[0].work {
            if bucket[0].key != key {
                bucket[1] = bucket[0];
            }
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}
