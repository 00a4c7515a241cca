//! What the server counts against its memory budget: the footprints that
//! [`sow::Engine::footprint`] and [`sow::Game::footprint`] give, checked
//! against the bytes a counting allocator sees them hold; and the
//! allocations a random game makes, which its moves should not.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sow::{Engine, Game, Rules};

/// The system allocator, counting the bytes each thread holds, so that a
/// test measures what one value holds while other tests run beside it.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    // During a thread's teardown the counter may be gone: nothing to count.
    let _ = HELD.try_with(|held| held.set(held.get() + bytes));
}

fn count_allocation() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed to the system allocator unchanged; the
// counting only reads the sizes. (A global allocator is an unsafe trait:
// this is the only way to see what a value holds.)
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
            count_allocation();
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
            count_allocation();
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

/// Oware's file renamed, its aliases, summary and title dropped, with
/// `edit` applied to what is left.
fn edited_oware(edit: impl Fn(String) -> String) -> String {
    let text: String = include_str!("../variants/oware.toml")
        .lines()
        .filter(|line| {
            !["aliases", "summary", "title"]
                .iter()
                .any(|k| line.starts_with(k))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    edit(text.replacen("name = \"oware\"", "name = \"oware-edited\"", 1))
}

#[test]
fn an_edited_variants_texts_are_counted() {
    // The most rulings a file may list, and a summary of 0.9 MiB.
    let rulings: String = (1..=64).map(|i| format!("\"R{i}\", ")).collect();
    let summary = "a long summary ".repeat(60_000);
    let text = edited_oware(|text| {
        text.replacen(
            "rulings = [\"C1\", \"C2\", \"R4\", \"R5\", \"R6\", \"R7\"]",
            &format!("rulings = [{rulings}]"),
            1,
        )
        .replacen(
            "[variant]\n",
            &format!("[variant]\nsummary = \"{summary}\"\n"),
            1,
        )
    });
    warm_up();
    let (engine, held) = measured(|| Engine::new(Rules::from_toml(&text, "edited.toml").unwrap()));
    assert_eq!(engine.rules().meta.rulings.len(), 64);
    assert_counts("the edited variant", engine.footprint(), held);
    assert!(engine.footprint() > summary.len());
}

#[test]
fn a_variant_lists_few_rulings_and_aliases_each_once() {
    let refused = |text: String| {
        Rules::from_toml(&text, "edited.toml")
            .unwrap_err()
            .to_string()
    };
    let many: String = (1..=65).map(|i| format!("\"R{i}\", ")).collect();
    let error = refused(edited_oware(|t| {
        t.replacen("rulings = [", &format!("rulings = [{many}"), 1)
    }));
    assert!(
        error.contains("rulings may list at most 64 names"),
        "{error}"
    );
    let error = refused(edited_oware(|t| {
        t.replacen("rulings = [", "rulings = [\"R4\", ", 1)
    }));
    assert!(error.contains("rulings lists \"R4\" twice"), "{error}");
    let error = refused(edited_oware(|t| {
        t.replacen(
            "[variant]\n",
            "[variant]\naliases = [\"mine\", \"mine\"]\n",
            1,
        )
    }));
    assert!(error.contains("aliases lists \"mine\" twice"), "{error}");
}

/// Whether the variant's moves can carry choices made inside them (houses
/// taken by choice, a relay stopped by choice, laps sown the other way by
/// choice): each such list of moves is
/// built afresh, and held behind one pointer.
fn moves_carry_choices(rules: &Rules) -> bool {
    rules.captures.chosen_after > 0
        || rules.captures.chosen_left_to_opponent
        || rules.playable.opening_takes > 0
        || rules.sowing.stop_at_marked
        || rules.sowing.reverse_from != 0
}

#[test]
fn random_games_allocate_nothing_a_ply() {
    // A random game allocates as its tables grow (the positions since the
    // last capture, the repetition table) and as a round ends, not for
    // each move: fewer than one allocation in four plies, a few more for a
    // short game's first growth. Moves that carry choices are listed
    // afresh each ply, in one shared vector: two allocations (the choices
    // themselves are made on the stack; Chisolo made 7 a ply before).
    warm_up();
    for (file, text) in sow::rules::shipped_files() {
        let engine = Engine::new(Rules::from_toml(text, file).unwrap());
        let mut rng = sow::rng::Rng::new(11);
        let mut warm = Game::new(&engine);
        warm.play_randomly(&mut rng, 300);
        let (mut plies, mut allocations, mut games) = (0, 0, 0);
        for _ in 0..10 {
            let mut game = Game::new(&engine);
            game.play_randomly(&mut rng, 20);
            let (plies_before, before) = (game.plies(), ALLOCATIONS.with(Cell::get));
            game.play_randomly(&mut rng, 1000);
            allocations += ALLOCATIONS.with(Cell::get) - before;
            plies += game.plies() - plies_before;
            games += 1;
        }
        let allowed = if moves_carry_choices(engine.rules()) {
            3 * plies
        } else {
            plies / 4 + 8 * games
        };
        assert!(
            allocations <= allowed,
            "{file}: {allocations} allocations in {plies} plies of {games} random games"
        );
    }
}
