//! What the server counts against its memory budget: the footprints that
//! [`sow::Engine::footprint`] and [`sow::Game::footprint`] give, checked
//! against the bytes a counting allocator sees them hold.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sow::{Engine, Game, Rules};

/// The system allocator, counting the bytes each thread holds, so that a
/// test measures what one value holds while other tests run beside it.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    // During a thread's teardown the counter may be gone: nothing to count.
    let _ = HELD.try_with(|held| held.set(held.get() + bytes));
}

// SAFETY: every call is passed to the system allocator unchanged; the
// counting only reads the sizes. (A global allocator is an unsafe trait:
// this is the only way to see what a value holds.)
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn held() -> isize {
    HELD.with(Cell::get)
}

/// The bytes `make`'s value holds on the heap while it lives, itself included.
fn measured<T>(make: impl FnOnce() -> T) -> (T, usize) {
    let before = held();
    let value = make();
    let after = held();
    (value, (after - before).max(0) as usize)
}

/// A footprint is never below what the value holds, and not far above.
fn assert_counts(what: &str, footprint: usize, held: usize) {
    assert!(
        footprint >= held && footprint <= held + held / 4 + 1024,
        "{what}: footprint {footprint} bytes, holds {held}"
    );
}

/// Fills what the library keeps once for all (the index of shipped names
/// that a variant's name is checked against), so that it is not counted
/// as a variant's.
fn warm_up() {
    let _ = Rules::builtin("oware");
}

#[test]
fn engines_and_games_count_what_they_hold() {
    warm_up();
    for (file, text) in sow::rules::shipped_files() {
        let name = *file;
        let (engine, held) = measured(|| Engine::new(Rules::from_toml(text, file).unwrap()));
        assert_counts(name, engine.footprint(), held);
        let (game, held) = measured(|| {
            let mut game = Game::new(&engine);
            game.play_randomly(&mut sow::rng::Rng::new(7), 300);
            game
        });
        assert!(game.plies() > 0);
        assert_counts(&format!("{name}'s game"), game.footprint(), held);
    }
}

#[test]
fn an_edited_variants_texts_are_counted() {
    // 20,000 rulings: the file's text is small beside what it compiles to.
    let extra = "\"R4\", ".repeat(20_000);
    let text: String = include_str!("../variants/oware.toml")
        .lines()
        .filter(|line| {
            !["aliases", "summary", "title"]
                .iter()
                .any(|k| line.starts_with(k))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    let text = text
        .replacen("name = \"oware\"", "name = \"oware-edited\"", 1)
        .replacen("rulings = [", &format!("rulings = [{extra}"), 1);
    warm_up();
    let (engine, held) = measured(|| Engine::new(Rules::from_toml(&text, "edited.toml").unwrap()));
    assert!(engine.rules().meta.rulings.len() > 20_000);
    assert_counts("the edited variant", engine.footprint(), held);
    assert!(engine.footprint() > 20_000 * std::mem::size_of::<String>());
}
