//! The transposition table: bounds on the value of positions already
//! searched, in a fixed amount of memory, shared by the threads of a solve.
//!
//! An entry is two 64-bit words, four to a cache line: the more entries
//! the table holds, the fewer positions are searched twice (Kalah(6,4)
//! took 7 minutes with 512 MiB of 24-byte entries and under 3 with 4 GiB).
//! Threads read and write the words without locks: the first word is
//! stored XORed with the second, so a slot that one thread read while
//! another wrote it has the wrong check bits and is not found (as chess
//! engines' shared tables do). Growing moves every entry, and so waits
//! until every thread has let go of the table (see `search.rs`).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// What the table knows of one position.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
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
}

impl Entry {
    /// Whether the entry holds for a position searched with `plies_left`
    /// plies before the ply limit.
    #[inline]
    pub(super) fn holds_at(&self, plies_left: u16) -> bool {
        self.plies_left == plies_left || (self.reach < self.plies_left && self.reach < plies_left)
    }
}

/// The key bits an entry keeps to recognise its position. The bucket is
/// chosen by the key's high bits, so these low ones and the bucket together
/// name the whole 64-bit key.
const CHECK_BITS: u64 = (1 << 48) - 1;

/// One stored entry: the key's check bits, the best move and the work
/// (log2 of the nodes searched below, 0 for an empty slot) in the first
/// word; the bounds, plies left and reach in the second.
#[derive(Clone, Copy)]
struct Slot([u64; 2]);

impl Slot {
    #[inline]
    fn check(self) -> u64 {
        self.0[0] & CHECK_BITS
    }

    #[inline]
    fn work(self) -> u8 {
        (self.0[0] >> 56) as u8
    }

    #[inline]
    fn holds(self, key: u64) -> bool {
        self.check() == key & CHECK_BITS && self.work() != 0
    }

    #[inline]
    fn entry(self) -> Entry {
        let [head, data] = self.0;
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            plies_left: (data >> 32) as u16,
            reach: (data >> 48) as u16,
            best: (head >> 48) as u8,
        }
    }

    #[inline]
    fn new(key: u64, entry: Entry, work: u8) -> Slot {
        let head = (key & CHECK_BITS) | u64::from(entry.best) << 48 | u64::from(work) << 56;
        let data = u64::from(entry.lower as u16)
            | u64::from(entry.upper as u16) << 16
            | u64::from(entry.plies_left) << 32
            | u64::from(entry.reach) << 48;
        Slot([head, data])
    }
}

/// Slots in a bucket: four 16-byte slots fill one 64-byte cache line, so
/// a probe reads one line.
const SLOTS: usize = 4;

/// One bucket's size in bytes.
const BUCKET_BYTES: usize = SLOTS * std::mem::size_of::<Slot>();

/// The size of the pages the table's memory is given in (the smallest; a
/// huge page is many of them).
const PAGE_BYTES: usize = 4096;

/// The size a table starts at, unless it may not have so much: it grows as
/// it fills, so a small game never takes the memory a large one needs.
const FIRST_BYTES: usize = 16 << 20;

/// A table of buckets, indexed by the key's high bits.
///
/// It starts small and doubles as it fills, up to the size it was given:
/// a solve takes no more memory than its positions need (huge pages, see
/// below, are zeroed whole on first touch, so a large empty table would
/// cost time as well as memory). While the count of buckets is a power of
/// two of at least 2^16, a slot's bucket and check bits together give back
/// the whole key, so the entries move to where they belong in the larger
/// table.
///
/// Its memory is mapped apart from the heap, at the most it may grow to,
/// but the system gives a page only when it is first touched: the table
/// grows in place, into the pages after it, never holding an old table
/// beside the new one (Kalah(6,4) touched 6 GiB and peaked at 4.0 GiB
/// resident when each size was a map of its own). The map is page-aligned
/// (so each bucket is one cache line) and marked for huge pages where the
/// system has them: a probe then rarely misses the TLB as well as the
/// cache (Kalah(6,3): 4.8 s of CPU instead of 6.5 s).
pub(super) struct Table {
    memory: memmap2::MmapMut,
    buckets: usize,
    /// The most it may grow to, in bytes.
    most_bytes: usize,
    /// Slots that hold an entry, as the searches last reported them.
    filled: AtomicUsize,
}

impl Table {
    /// A table that grows to at most `bytes` bytes (at least one bucket);
    /// an error where the system will not give the memory.
    pub(super) fn with_bytes(bytes: usize) -> std::io::Result<Table> {
        let mut most_bytes = bytes.max(BUCKET_BYTES);
        let buckets = if most_bytes > FIRST_BYTES {
            FIRST_BYTES / BUCKET_BYTES
        } else {
            most_bytes / BUCKET_BYTES
        };
        // Where the system will not map the whole bound (more than it
        // could ever give), the most it will, down to the first size.
        let memory = loop {
            match Self::map(most_bytes / BUCKET_BYTES) {
                Ok(memory) => break memory,
                Err(_) if most_bytes / 2 >= buckets * BUCKET_BYTES => most_bytes /= 2,
                Err(error) => return Err(error),
            }
        };
        Ok(Table {
            memory,
            buckets,
            most_bytes,
            filled: AtomicUsize::new(0),
        })
    }

    fn map(buckets: usize) -> std::io::Result<memmap2::MmapMut> {
        let memory = memmap2::MmapMut::map_anon(buckets * BUCKET_BYTES)?;
        #[cfg(target_os = "linux")]
        {
            // Only advice: the table works the same without huge pages.
            let _ = memory.advise(memmap2::Advice::HugePage);
        }
        Ok(memory)
    }

    /// The table's size in bytes now.
    pub(super) fn bytes(&self) -> usize {
        self.buckets * BUCKET_BYTES
    }

    /// The bucket of `key`: the key's high bits scaled to the table, so any
    /// number of buckets is as fast as a power of two.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets as u128) >> 64) as usize
    }

    /// Every word of the table, each shared by the threads of a solve.
    #[inline]
    fn atomic_words(&self) -> &[AtomicU64] {
        // SAFETY: the map is page-aligned and a whole number of buckets
        // long, so it holds `len / 8` aligned u64s, and an AtomicU64 has a
        // u64's size, alignment and bit patterns. The pointer is the map's
        // own (not taken from a `&[u8]`), and the slice borrows `self`, so
        // the map outlives it and is not replaced under it (`grow` takes
        // `&mut self`). Why not a `Vec<AtomicU64>`: the map is lazily
        // zeroed and marked for huge pages, which made Kalah(6,3) take 4.8 s
        // of CPU instead of 6.5 s; a vector of atomics would be written
        // whole before the first probe.
        unsafe {
            std::slice::from_raw_parts(
                self.memory.as_ptr().cast::<AtomicU64>(),
                self.memory.len() / std::mem::size_of::<AtomicU64>(),
            )
        }
    }

    /// The words of bucket `index`.
    #[inline]
    fn words(&self, index: usize) -> &[AtomicU64] {
        let first = index * SLOTS * 2;
        &self.atomic_words()[first..first + SLOTS * 2]
    }

    /// The slots of bucket `index`, as read now.
    #[inline]
    fn slots(&self, index: usize) -> impl Iterator<Item = Slot> + '_ {
        self.words(index).chunks_exact(2).map(|w| {
            let data = w[1].load(Ordering::Relaxed);
            Slot([w[0].load(Ordering::Relaxed) ^ data, data])
        })
    }

    /// The entry for `key` (a [`crate::walk::mix`]ed key), if the table has
    /// one.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.slots(self.index(key))
            .find(|s| s.holds(key))
            .map(Slot::entry)
    }

    /// Asks the processor to bring `key`'s bucket into its cache, where a
    /// probe will find it soon after.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        let word = &self.words(self.index(key))[0];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache: it reads nothing the
        // program sees and cannot fault, and SSE, which has it, is part of
        // every x86_64. Measured: Kalah(6,3), every move valued, 0.89
        // times the CPU; a plain load in its place stalls (1.5 times).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(word.as_ptr().cast::<i8>().cast_const());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = word;
    }

    /// Records what a search of `key` found, in place of what the table
    /// knew of it, else of the entry that cost least to find; whether it
    /// took an empty slot (the caller counts them: [`Table::add_filled`]).
    #[inline]
    pub(super) fn store(&self, key: u64, entry: Entry, nodes: u64) -> bool {
        let work = (64 - nodes.leading_zeros()) as u8;
        self.put(self.index(key), Some(key), Slot::new(key, entry, work))
    }

    /// Counts `slots` more that hold an entry.
    pub(super) fn add_filled(&self, slots: usize) {
        self.filled.fetch_add(slots, Ordering::Relaxed);
    }

    /// Whether the table is half full and may grow.
    pub(super) fn wants_to_grow(&self) -> bool {
        self.filled.load(Ordering::Relaxed) * 2 > self.buckets * SLOTS
            && self.buckets.is_power_of_two()
            && self.buckets >= 1 << 16
            && self.bytes() < self.most_bytes
    }

    /// Puts `slot` in bucket `index`, over the entry of `key` if there is
    /// one, else over the cheapest; whether it took an empty slot.
    #[inline]
    fn put(&self, index: usize, key: Option<u64>, slot: Slot) -> bool {
        let same = key.and_then(|key| self.slots(index).position(|s| s.holds(key)));
        let (at, was_empty) = match same {
            Some(at) => (at, false),
            None => {
                let mut cheapest = (0, u8::MAX);
                for (i, s) in self.slots(index).enumerate() {
                    if s.work() < cheapest.1 {
                        cheapest = (i, s.work());
                    }
                }
                (cheapest.0, cheapest.1 == 0)
            }
        };
        let words = &self.words(index)[at * 2..at * 2 + 2];
        let [head, data] = slot.0;
        words[0].store(head ^ data, Ordering::Relaxed);
        words[1].store(data, Ordering::Relaxed);
        was_empty
    }

    /// Doubles the table once it is half full (or takes all it may have,
    /// where doubling twice would pass that), moving every entry, in place:
    /// a key's bucket in the larger table is never before its bucket in
    /// the smaller, so the buckets are emptied and their entries put back
    /// from the last bucket to the first, and none is overwritten before it
    /// is moved.
    pub(super) fn grow(&mut self) {
        if !self.wants_to_grow() {
            return;
        }
        let bytes = self.bytes();
        let buckets = if bytes * 4 > self.most_bytes {
            self.most_bytes / BUCKET_BYTES
        } else {
            self.buckets * 2
        };
        let old_buckets = std::mem::replace(&mut self.buckets, buckets);
        // The new pages touched now, in order, not one by one as the search
        // first writes each: the system zeroes a page as it first gives it,
        // and a huge page zeroed in the middle of the search empties the
        // caches the search had filled.
        let words = self.atomic_words();
        for first in (old_buckets * SLOTS * 2..buckets * SLOTS * 2).step_by(PAGE_BYTES / 8) {
            words[first].store(0, Ordering::Relaxed);
        }
        let shift = 64 - old_buckets.trailing_zeros();
        let mut filled = 0;
        for index in (0..old_buckets).rev() {
            let mut slots = [Slot([0; 2]); SLOTS];
            for (slot, w) in slots.iter_mut().zip(self.words(index).chunks_exact(2)) {
                let data = w[1].load(Ordering::Relaxed);
                *slot = Slot([w[0].load(Ordering::Relaxed) ^ data, data]);
                w[0].store(0, Ordering::Relaxed);
                w[1].store(0, Ordering::Relaxed);
            }
            for slot in slots.into_iter().filter(|slot| slot.work() != 0) {
                // The bucket gave the key's high bits, the check its low
                // ones: together (2^16 buckets or more) the whole key.
                let key = (index as u64) << shift | slot.check() & ((1u64 << shift) - 1);
                filled += self.put(self.index(key), None, slot) as usize;
            }
        }
        *self.filled.get_mut() = filled;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_it_was_stored() {
        let table = Table::with_bytes(10 * BUCKET_BYTES).expect("memory");
        let entry = Entry {
            lower: -300,
            upper: 12,
            plies_left: u16::MAX,
            reach: 77,
            best: 5,
        };
        let key = 0xdead_beef_0123_4567;
        table.store(key, entry, 1000);
        let back = table.probe(key).expect("stored");
        assert_eq!(
            (
                back.lower,
                back.upper,
                back.plies_left,
                back.reach,
                back.best
            ),
            (-300, 12, u16::MAX, 77, 5)
        );
        assert!(table.probe(key ^ 1).is_none(), "another key is not found");
        assert_eq!(
            table.bytes(),
            10 * BUCKET_BYTES,
            "not rounded to a power of two"
        );
    }

    #[test]
    fn a_table_grows_as_it_fills_and_keeps_its_entries() {
        let most = 3 * FIRST_BYTES;
        let mut table = Table::with_bytes(most).expect("memory");
        assert_eq!(table.bytes(), FIRST_BYTES, "starts small");
        let entry = |i: u64| Entry {
            lower: -((i % 97) as i16),
            upper: (i % 89) as i16,
            plies_left: (i % 1000) as u16,
            reach: 3,
            best: (i % 7) as u8,
        };
        let keys: Vec<u64> = (1..=1_500_000u64).map(crate::walk::mix).collect();
        for (i, &key) in keys.iter().enumerate() {
            if table.store(key, entry(i as u64), 1 << 20) {
                table.add_filled(1);
                table.grow();
            }
        }
        assert_eq!(table.bytes(), most, "doubled once, then took the rest");
        let mut found = 0;
        for (i, &key) in keys.iter().enumerate() {
            if let Some(back) = table.probe(key) {
                found += 1;
                let want = entry(i as u64);
                assert_eq!(
                    (back.lower, back.upper, back.plies_left, back.best),
                    (want.lower, want.upper, want.plies_left, want.best)
                );
            }
        }
        // A table is a cache: only entries of buckets that overflowed (at
        // half full, about one bucket in twenty) were given up.
        assert!(
            found * 10 > keys.len() * 9,
            "{found} of {} kept",
            keys.len()
        );
    }

    #[test]
    fn a_full_bucket_gives_up_its_cheapest_entry() {
        let table = Table::with_bytes(BUCKET_BYTES).expect("memory");
        let entry = |best| Entry {
            lower: 0,
            upper: 0,
            plies_left: 0,
            reach: 0,
            best,
        };
        for (i, nodes) in [1000u64, 10, 100_000, 500].into_iter().enumerate() {
            table.store(i as u64 + 1, entry(i as u8), nodes);
        }
        table.store(99, entry(9), 1);
        assert!(table.probe(2).is_none(), "the 10-node entry made room");
        for key in [1, 3, 4, 99] {
            assert!(table.probe(key).is_some(), "key {key} kept");
        }
    }
}
