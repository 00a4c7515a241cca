//! `sow` for Python: a thin shell over the library. Every rule, every
//! check and every message is the library's; this crate only turns its
//! values and errors into Python's. The Python package (`python/sow/`)
//! adds OpenSpiel, PettingZoo and the sweeps on top.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::exceptions::{PyIndexError, PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use sow::diagnostic::Located;
use sow::encoding::{ActionSpace, Observation};
use sow::players::PlayerSpec;
use sow::rng::Rng;
use sow::{Engine, Move, Rules, RulesError, Side};

/// The most games one batch call may play, as `sow compare` allows.
const MAX_BATCH_GAMES: u64 = sow::arena::MAX_GAMES;

/// Raises `sow.<class>` (defined in `sow/errors.py`) with `message` and,
/// where the fault has a place, its origin, line and column.
fn raise(py: Python<'_>, class: &str, message: String, at: Option<&Located>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("sow.errors")?.getattr(class)?;
        let value = match at {
            Some(at) => class.call1((message.clone(), at.origin.clone(), at.line, at.column))?,
            None => class.call1((message.clone(),))?,
        };
        Ok(PyErr::from_value(value))
    })();
    made.unwrap_or_else(|e| e)
}

/// A variant's load error as Python's: a fault in the file at its line and
/// column (`sow.ParseError`, as `sow check` reports it), an unknown name
/// (`ValueError`, with the nearest name), a file that cannot be read
/// (`OSError`).
fn rules_error(py: Python<'_>, error: RulesError) -> PyErr {
    match &error {
        RulesError::Invalid(located) => raise(py, "ParseError", error.to_string(), Some(located)),
        RulesError::Unknown { .. } => PyValueError::new_err(error.to_string()),
        RulesError::Io { .. } => PyOSError::new_err(error.to_string()),
    }
}

/// Runs `f`, turning a panic inside the library into a Python
/// `RuntimeError` instead of letting it cross into Python.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(PyRuntimeError::new_err(format!(
            "sow failed inside ({what}); please report it with the game that caused it"
        )))
    })
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

/// A player number (0 South, 1 North) from Python.
fn side_of(player: usize) -> PyResult<Side> {
    match player {
        0 => Ok(Side::South),
        1 => Ok(Side::North),
        _ => Err(PyValueError::new_err(format!(
            "player {player}: a player is 0 (South) or 1 (North)"
        ))),
    }
}

/// A variant: its rules compiled once, shared by every game of it.
#[pyclass(module = "sow._sow", frozen)]
struct Variant {
    engine: Arc<Engine>,
    /// The file's text, where it is known.
    source: Option<String>,
    /// How to load it again (for pickling, and for `with_keys`).
    recipe: Recipe,
    actions: ActionSpace,
    observation: Observation,
}

/// How a variant was loaded, so that it loads again the same in another
/// process (a pickled game, a Ray task).
#[derive(Clone)]
enum Recipe {
    /// A shipped name or alias, or a path.
    Named(String),
    /// A variant file's text.
    Text(String),
    /// A variant with keys changed (`with_keys`).
    Edited {
        base: Box<Recipe>,
        edits: Vec<(String, toml::Value)>,
        suffix: String,
    },
}

impl Recipe {
    fn load(&self) -> Result<Rules, RulesError> {
        match self {
            Recipe::Named(name) => Rules::load(name),
            Recipe::Text(text) => Rules::from_toml(text, "<text>"),
            Recipe::Edited {
                base,
                edits,
                suffix,
            } => match base.as_ref() {
                Recipe::Named(name) => Rules::load_edited(name, edits, suffix),
                Recipe::Text(text) => Rules::edited(text, "<text>", edits, suffix),
                Recipe::Edited { .. } => {
                    unreachable!("edits are made on a named or written variant")
                }
            },
        }
    }

    /// The recipe as one TOML text: `named`, `text`, or `edited` with
    /// `suffix` and a table `keys`.
    fn to_toml(&self) -> String {
        let mut table = toml::Table::new();
        match self {
            Recipe::Named(name) => {
                table.insert("named".into(), name.clone().into());
            }
            Recipe::Text(text) => {
                table.insert("text".into(), text.clone().into());
            }
            Recipe::Edited {
                base,
                edits,
                suffix,
            } => {
                table.insert("edited".into(), base.to_toml().into());
                table.insert("suffix".into(), suffix.clone().into());
                let keys = edits.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                table.insert("keys".into(), toml::Value::Table(keys));
            }
        }
        toml::to_string(&table).expect("a table of strings and values")
    }

    fn from_toml(text: &str) -> PyResult<Recipe> {
        let bad = || PyValueError::new_err("not a pickled sow variant");
        let table: toml::Table = toml::from_str(text).map_err(|_| bad())?;
        let string = |key: &str| table.get(key).and_then(|v| v.as_str()).map(String::from);
        if let Some(name) = string("named") {
            return Ok(Recipe::Named(name));
        }
        if let Some(text) = string("text") {
            return Ok(Recipe::Text(text));
        }
        let base = Recipe::from_toml(&string("edited").ok_or_else(bad)?)?;
        if matches!(base, Recipe::Edited { .. }) {
            return Err(bad());
        }
        let suffix = string("suffix").ok_or_else(bad)?;
        let keys = table
            .get("keys")
            .and_then(|k| k.as_table())
            .ok_or_else(bad)?;
        let edits = keys.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        Ok(Recipe::Edited {
            base: Box::new(base),
            edits,
            suffix,
        })
    }
}

impl Variant {
    fn new(rules: Rules, source: Option<String>, recipe: Recipe) -> Variant {
        let actions = ActionSpace::of(&rules);
        let observation = Observation::of(&rules);
        Variant {
            engine: Engine::new(rules),
            source,
            recipe,
            actions,
            observation,
        }
    }

    fn from_recipe(py: Python<'_>, recipe: Recipe) -> PyResult<Variant> {
        let rules = guarded(|| recipe.load().map_err(|e| rules_error(py, e)))?;
        let source = match &recipe {
            Recipe::Named(name) => Rules::source_of(name).ok(),
            Recipe::Text(text) => Some(text.clone()),
            Recipe::Edited { .. } => None,
        };
        Ok(Variant::new(rules, source, recipe))
    }

    fn rules(&self) -> &Rules {
        self.engine.rules()
    }
}

/// Whether `text` is a variant file's text rather than a name or a path.
fn is_toml_text(text: &str) -> bool {
    text.contains('\n') || text.trim_start().starts_with('[')
}

/// A TOML value from a Python value: bool, int, float, str, or a list or
/// dict of them.
fn toml_value(value: &Bound<'_, PyAny>) -> PyResult<toml::Value> {
    if value.is_instance_of::<PyBool>() {
        return Ok(toml::Value::Boolean(value.extract()?));
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(toml::Value::Integer(value.extract()?));
    }
    if let Ok(number) = value.extract::<f64>() {
        return Ok(toml::Value::Float(number));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(toml::Value::String(value.extract()?));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut table = toml::Table::new();
        for (key, item) in dict.iter() {
            table.insert(key.extract::<String>()?, toml_value(&item)?);
        }
        return Ok(toml::Value::Table(table));
    }
    if let Ok(items) = value.try_iter() {
        return Ok(toml::Value::Array(
            items
                .map(|item| toml_value(&item?))
                .collect::<PyResult<_>>()?,
        ));
    }
    Err(PyTypeError::new_err(format!(
        "a variant key's value is a bool, int, float, str, list or dict, not {}",
        value.get_type().name()?
    )))
}

#[pymethods]
impl Variant {
    /// Loads a variant: a shipped name or alias (`"oware"`), a path to a
    /// `.toml` file, or a variant file's text. A fault in the file raises
    /// `sow.ParseError` with its line and column.
    #[staticmethod]
    fn load(py: Python<'_>, name_or_toml: &str) -> PyResult<Variant> {
        let recipe = if is_toml_text(name_or_toml) {
            Recipe::Text(name_or_toml.to_string())
        } else {
            Recipe::Named(name_or_toml.to_string())
        };
        Variant::from_recipe(py, recipe)
    }

    /// A variant from what `__reduce__` gave: how it was loaded.
    #[staticmethod]
    fn _from_recipe(py: Python<'_>, recipe: &str) -> PyResult<Variant> {
        Variant::from_recipe(py, Recipe::from_toml(recipe)?)
    }

    /// Pickles the variant as the way to load it again.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        let load = slf.get_type().getattr("_from_recipe")?.unbind();
        Ok((load, (slf.get().recipe.to_toml(),)))
    }

    /// The same variant with some keys of its file changed:
    /// `{"houses_per_side": 5, "seeds_per_house": 3}`, or `"table.key"`
    /// where a bare key is ambiguous. The copy is named after the original
    /// and `suffix` (by default the changes). Editing an edited variant
    /// edits the original with both sets of changes, the later winning.
    #[pyo3(signature = (keys, suffix=None))]
    fn with_keys(
        &self,
        py: Python<'_>,
        keys: &Bound<'_, PyDict>,
        suffix: Option<String>,
    ) -> PyResult<Variant> {
        let mut edits = Vec::new();
        for (key, value) in keys.iter() {
            let key: String = key
                .extract()
                .map_err(|_| PyTypeError::new_err("a variant key is a str"))?;
            edits.push((key, toml_value(&value)?));
        }
        // Edits of an edited variant are made on its original, all at once.
        let (base, edits) = match &self.recipe {
            Recipe::Edited {
                base, edits: first, ..
            } => {
                let mut all = first.clone();
                all.retain(|(key, _)| !edits.iter().any(|(k, _)| k == key));
                all.extend(edits);
                (base.clone(), all)
            }
            recipe => (Box::new(recipe.clone()), edits),
        };
        let suffix = suffix.unwrap_or_else(|| {
            edits
                .iter()
                .map(|(k, v)| {
                    // A name is letters, digits, `-` and `_`.
                    let value: String = v
                        .to_string()
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                        .collect();
                    format!("{}_{value}", k.rsplit('.').next().unwrap_or(k))
                })
                .collect::<Vec<_>>()
                .join("-")
        });
        Variant::from_recipe(
            py,
            Recipe::Edited {
                base,
                edits,
                suffix,
            },
        )
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> String {
        self.rules().meta.name.clone()
    }

    /// The variant file's text, where it is known.
    #[getter]
    fn toml(&self) -> Option<String> {
        self.source.clone()
    }

    /// Houses each player has.
    #[getter]
    fn houses_per_side(&self) -> usize {
        self.rules().houses_per_side()
    }

    /// Rows of houses on the board (2, 3 or 4).
    #[getter]
    fn rows(&self) -> usize {
        self.rules().board.layout().rows()
    }

    /// Seeds in play.
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.rules().total_seeds()
    }

    /// How many action ids the variant's moves have (`sow.encoding`).
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions.len()
    }

    /// How many numbers an observation of a position holds.
    #[getter]
    fn observation_size(&self) -> usize {
        self.observation.len()
    }

    /// The game's own name (`"Toguz Kumalak"`), where the file gives one.
    #[getter]
    fn title(&self) -> Option<String> {
        self.rules().meta.title.clone()
    }

    /// The variant's rules in a few sentences.
    #[getter]
    fn summary(&self) -> Option<String> {
        self.rules().meta.summary.clone()
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.rules().meta.name)
    }
}

/// A game of a variant: its position, its history and its end.
#[pyclass(module = "sow._sow")]
struct Game {
    variant: Py<Variant>,
    game: sow::Game,
    /// The events of the last move, for `trace()`.
    last: Vec<sow::Event>,
    /// The position before the last move, for `trace()`'s summary.
    before: Option<(sow::Position, Move)>,
}

/// What a pickled game holds: its variant, its start and its moves.
type GameRecipe = (Py<Variant>, String, Vec<String>);

/// A variant from Python: a `Variant` or a name, path or text to load.
fn variant_of(py: Python<'_>, variant: &Bound<'_, PyAny>) -> PyResult<Py<Variant>> {
    if let Ok(variant) = variant.cast::<Variant>() {
        return Ok(variant.clone().unbind());
    }
    if let Ok(text) = variant.extract::<String>() {
        return Py::new(py, Variant::load(py, &text)?);
    }
    Err(PyTypeError::new_err(format!(
        "a variant is a sow.Variant or a name, path or TOML text, not {}",
        variant.get_type().name()?
    )))
}

impl Game {
    /// 1, -1 or 0 for each player, South first.
    fn returns_of(game: &sow::Game) -> (f64, f64) {
        match game.outcome().and_then(|o| o.winner) {
            Some(Side::South) => (1.0, -1.0),
            Some(Side::North) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    /// `sow.RuleError` once the game is over: no move may follow its end.
    fn check_not_over(&self, py: Python<'_>) -> PyResult<()> {
        match self.game.outcome() {
            Some(outcome) => Err(raise(
                py,
                "RuleError",
                format!("the game is over ({})", sow::summary::ending(&outcome)),
                None,
            )),
            None => Ok(()),
        }
    }

    fn variant_ref<'a>(&'a self, py: Python<'a>) -> &'a Variant {
        self.variant.bind(py).get()
    }

    /// The move `chosen` names: its notation, or its index in
    /// `legal_moves()`.
    fn move_of(&self, chosen: &Bound<'_, PyAny>) -> PyResult<(Move, Option<u32>)> {
        if chosen.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "a move is its notation (\"C\") or its index in legal_moves(), not a bool",
            ));
        }
        if let Ok(index) = chosen.extract::<i64>() {
            let moves = self.game.legal_moves();
            return usize::try_from(index)
                .ok()
                .and_then(|i| moves.get(i))
                .map(|mv| (mv, None))
                .ok_or_else(|| {
                    PyIndexError::new_err(format!(
                        "move index {index}: the position has {} legal moves",
                        moves.len()
                    ))
                });
        }
        if let Ok(text) = chosen.extract::<String>() {
            return sow::notation::parse_move(&text)
                .map_err(|e| raise(chosen.py(), "ParseError", e.to_string(), Some(&e.0)));
        }
        Err(PyTypeError::new_err(format!(
            "a move is its notation (\"C\") or its index in legal_moves(), not {}",
            chosen.get_type().name()?
        )))
    }

    fn play_move(&mut self, py: Python<'_>, mv: Move, mark: Option<u32>) -> PyResult<String> {
        if let Some(claimed) = mark {
            // The mark is checked on a copy, so a wrong one changes nothing.
            let mut copy = self.game.clone();
            let effect = copy
                .play(mv, &mut ())
                .map_err(|e| raise(py, "RuleError", e.to_string(), None))?;
            sow::notation::check_capture_mark(mv, Some(claimed), effect.captured as u32)
                .map_err(|message| raise(py, "RuleError", message, None))?;
        }
        let before = self.game.position().clone();
        let mut events = Vec::new();
        self.game
            .play(mv, &mut events)
            .map_err(|e| raise(py, "RuleError", e.to_string(), None))?;
        self.last = events;
        self.before = Some((before, mv));
        Ok(mv.to_string())
    }
}

#[pymethods]
impl Game {
    /// A new game of `variant` (a `Variant`, or a name, path or text),
    /// from its start or from `position` in the notation
    /// (`"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"`). Where the variant deals its
    /// start at random, `deal` (a seed) draws the deal; without it the game
    /// starts from the variant's first deal.
    #[new]
    #[pyo3(signature = (variant, position=None, deal=None))]
    fn new(
        py: Python<'_>,
        variant: &Bound<'_, PyAny>,
        position: Option<&str>,
        deal: Option<u64>,
    ) -> PyResult<Game> {
        let variant = variant_of(py, variant)?;
        guarded(|| {
            let engine = variant.bind(py).get().engine.clone();
            let game = match position {
                None => {
                    let mut game = sow::Game::new(&engine);
                    if let Some(seed) = deal {
                        game.restart_drawn(&mut Rng::for_game(seed, 0));
                    }
                    game
                }
                Some(_) if deal.is_some() => {
                    return Err(PyValueError::new_err(
                        "a game starts from a position or from a deal, not both",
                    ));
                }
                Some(text) => {
                    let position = sow::notation::parse_position(text)
                        .map_err(|e| raise(py, "ParseError", e.to_string(), Some(&e.0)))?;
                    sow::Game::from_position(&engine, position)
                        .map_err(|e| raise(py, "RuleError", e.to_string(), None))?
                }
            };
            Ok(Game {
                variant,
                game,
                last: Vec::new(),
                before: None,
            })
        })
    }

    /// The variant played.
    #[getter]
    fn variant(&self, py: Python<'_>) -> Py<Variant> {
        self.variant.clone_ref(py)
    }

    /// The legal moves, in the notation, in the engine's order.
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|mv| mv.to_string())
            .collect()
    }

    /// Plays a move: its notation (`"C"`, `"Cx2"`, whose capture mark is
    /// checked) or its index in `legal_moves()`. Returns the move played.
    /// An illegal move raises `sow.RuleError` and changes nothing.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        self.check_not_over(py)?;
        let (mv, mark) = self.move_of(r#move)?;
        guarded(|| self.play_move(py, mv, mark))
    }

    /// Takes back the last move; `False` where there is none.
    fn undo(&mut self) -> bool {
        self.last.clear();
        self.before = None;
        self.game.undo()
    }

    /// An independent copy of the game.
    fn clone(&self, py: Python<'_>) -> Game {
        Game {
            variant: self.variant.clone_ref(py),
            game: self.game.clone(),
            last: self.last.clone(),
            before: self.before.clone(),
        }
    }

    /// Pickles the game as its variant, its start and its moves: it is
    /// replayed when loaded.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, GameRecipe)> {
        let game = slf.borrow();
        let load = slf.get_type().getattr("_replayed")?.unbind();
        Ok((
            load,
            (
                game.variant.clone_ref(slf.py()),
                game.game.start().to_string(),
                game.history(),
            ),
        ))
    }

    /// The game of `variant` from `start` after `moves`.
    #[staticmethod]
    fn _replayed(
        py: Python<'_>,
        variant: Py<Variant>,
        start: &str,
        moves: Vec<String>,
    ) -> PyResult<Game> {
        let mut game = Game::new(py, variant.bind(py).as_any(), Some(start), None)?;
        for mv in moves {
            game.play(py, PyString::new(py, &mv).as_any())?;
        }
        game.last.clear();
        game.before = None;
        Ok(game)
    }

    fn __copy__(&self, py: Python<'_>) -> Game {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone(py)
    }

    /// The position in the notation, as `sow` reads it back.
    fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The game as a record in the notation (`[Variant "oware"]` …).
    fn to_record(&self) -> String {
        let name = self.game.rules().meta.name.clone();
        sow::record::record_of(&self.game, &[("Variant", name)]).to_string()
    }

    /// The game as JSON: the variant, the start, the moves, the position,
    /// whose turn it is, the score and the outcome.
    fn to_json(&self, py: Python<'_>) -> String {
        let outcome = self.game.outcome().map(|o| {
            serde_json::json!({
                "reason": o.reason.name(),
                "winner": o.winner.map(side_name),
                "score": o.score,
            })
        });
        serde_json::json!({
            "variant": self.variant_ref(py).name(),
            "start": self.game.start().to_string(),
            "moves": self.game.history().iter().map(|ply| ply.mv.to_string()).collect::<Vec<_>>(),
            "position": self.game.position().to_string(),
            "to_move": side_name(self.game.position().to_move()),
            "score": self.game.score(),
            "over": self.game.is_over(),
            "outcome": outcome,
        })
        .to_string()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// `(south, north)`: the seeds each holds now, or the final score once
    /// the game is over.
    fn score(&self) -> (u32, u32) {
        let [south, north] = self.game.score();
        (south, north)
    }

    /// The winner once the game is over: `"south"`, `"north"`, or `None`
    /// for a draw or a game not over.
    fn winner(&self) -> Option<&'static str> {
        self.game.outcome().and_then(|o| o.winner).map(side_name)
    }

    /// Why the game ended (`"majority"`, `"no_move"`, …), or `None`.
    fn end_reason(&self) -> Option<String> {
        self.game.outcome().map(|o| o.reason.name())
    }

    /// Whose turn it is: 0 South, 1 North.
    fn to_move(&self) -> usize {
        self.game.position().to_move().index()
    }

    /// Plies played.
    fn plies(&self) -> usize {
        self.game.plies()
    }

    /// The moves played, in the notation.
    fn history(&self) -> Vec<String> {
        self.game
            .history()
            .iter()
            .map(|ply| ply.mv.to_string())
            .collect()
    }

    /// What the last move did: a sentence, then one line an event (each
    /// seed sown, each capture), as `sow explain` shows them. Empty before
    /// the first move and after an undo.
    fn trace(&self) -> Vec<String> {
        let Some((before, mv)) = &self.before else {
            return Vec::new();
        };
        let layout = before.layout();
        std::iter::once(sow::summary::summarise(before, *mv, &self.last))
            .chain(self.last.iter().map(|event| event.describe(layout)))
            .collect()
    }

    /// The legal moves' action ids, in increasing order (`sow.encoding`).
    fn legal_actions(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        let mover = self.game.position().to_move();
        self.variant_ref(py)
            .actions
            .encode_all(self.game.legal_moves().iter(), mover)
            .map_err(|mv| {
                PyValueError::new_err(format!(
                    "{mv} has no action id: a relay stopped later than the {}th time",
                    sow::encoding::STOP_TIMES
                ))
            })
    }

    /// The move action `id` names for `player` (0 South, 1 North; by
    /// default the player to move), in the notation.
    #[pyo3(signature = (id, player=None))]
    fn action_to_move(&self, py: Python<'_>, id: usize, player: Option<usize>) -> PyResult<String> {
        let mover = match player {
            Some(player) => side_of(player)?,
            None => self.game.position().to_move(),
        };
        self.variant_ref(py)
            .actions
            .decode(id, mover)
            .map(|mv| mv.to_string())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {id}: the variant's actions are 0 to {}",
                    self.variant_ref(py).actions.len() - 1
                ))
            })
    }

    /// The action id of a move (its notation) for the player to move.
    fn move_to_action(&self, py: Python<'_>, r#move: &str) -> PyResult<usize> {
        let (mv, _) = sow::notation::parse_move(r#move)
            .map_err(|e| raise(py, "ParseError", e.to_string(), Some(&e.0)))?;
        let mover = self.game.position().to_move();
        self.variant_ref(py)
            .actions
            .encode(mv, mover)
            .ok_or_else(|| {
                raise(
                    py,
                    "RuleError",
                    format!("{mv} is no move of this variant"),
                    None,
                )
            })
    }

    /// Plays the move action `id` names; an illegal one raises
    /// `sow.RuleError` and changes nothing.
    fn play_action(&mut self, py: Python<'_>, id: usize) -> PyResult<String> {
        self.check_not_over(py)?;
        let mover = self.game.position().to_move();
        let mv = self
            .variant_ref(py)
            .actions
            .decode(id, mover)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {id}: the variant's actions are 0 to {}",
                    self.variant_ref(py).actions.len() - 1
                ))
            })?;
        if !self.game.legal_moves().contains(mv) {
            return Err(raise(
                py,
                "RuleError",
                format!("action {id} ({mv}) is not legal here"),
                None,
            ));
        }
        guarded(|| self.play_move(py, mv, None))
    }

    /// The position as `player` (0 South, 1 North) sees it: the numbers
    /// `sow.encoding` lists, the player's own first.
    fn observation(&self, py: Python<'_>, player: usize) -> PyResult<Vec<f32>> {
        let mut out = Vec::new();
        self.variant_ref(py)
            .observation
            .write(self.game.position(), side_of(player)?, &mut out);
        Ok(out)
    }

    /// `(south, north)` returns: 1 for a win, -1 for a loss, 0 for a draw
    /// or a game not over.
    fn returns(&self) -> (f64, f64) {
        Game::returns_of(&self.game)
    }

    /// The returns `(south, north)` of a uniformly random game played on
    /// from here (a copy: this game is unchanged), drawn from `seed`, cut
    /// as a draw after `max_plies` more plies: an MCTS rollout without a
    /// crossing into Python per ply.
    #[pyo3(signature = (seed, max_plies=5000))]
    fn random_playout(&self, py: Python<'_>, seed: u64, max_plies: usize) -> PyResult<(f64, f64)> {
        let mut copy = self.game.clone();
        guarded(|| {
            py.detach(|| copy.play_randomly(&mut Rng::for_game(seed, 0), max_plies));
            Ok(Game::returns_of(&copy))
        })
    }

    /// A uniformly random legal move (in the notation), drawn from `seed`.
    fn random_move(&self, seed: u64) -> PyResult<String> {
        self.game
            .random_move(&mut Rng::for_game(seed, self.game.plies() as u64))
            .map(|mv| mv.to_string())
            .ok_or_else(|| PyValueError::new_err("the game is over: it has no move"))
    }

    fn __str__(&self) -> String {
        sow::diagram::draw(self.game.position())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Game({:?}, {:?})",
            self.variant_ref(py).name(),
            self.game.position().to_string()
        )
    }
}

/// The shipped variants' names.
#[pyfunction]
fn variants() -> Vec<String> {
    sow::rules::builtin_rules()
        .into_iter()
        .map(|rules| rules.meta.name)
        .collect()
}

/// A player from its description (`"random"`, `"greedy"`,
/// `"alphabeta:8"`, `"mcts:2000"`), as `sow match` reads it.
fn player_spec(spec: &str) -> PyResult<PlayerSpec> {
    spec.parse::<PlayerSpec>()
        .map_err(|e| PyValueError::new_err(format!("player {spec:?}: {e}")))
}

/// The move `player` (`"alphabeta:8"`, …) chooses in `game`, in the
/// notation. The game is not changed.
#[pyfunction]
#[pyo3(signature = (game, player="alphabeta:6", seed=0))]
fn best_move(py: Python<'_>, game: &Game, player: &str, seed: u64) -> PyResult<String> {
    if game.game.is_over() {
        return Err(raise(py, "RuleError", "the game is over".into(), None));
    }
    let spec = player_spec(player)?;
    spec.open_database(game.game.rules())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let copy = game.game.clone();
    guarded(|| Ok(py.detach(|| spec.build(seed).choose(&copy).to_string())))
}

/// Solves `game`'s position exactly: a dict with the value for the side
/// to move (seeds ahead at the end, with best play), the value of each
/// move, and the nodes searched. `seconds` stops it early, with the bounds
/// proven so far, as `max_nodes` does after about that many nodes.
/// `threads` search at once, sharing the table: the values are the same at
/// any count.
#[pyfunction]
#[pyo3(signature = (game, seconds=None, table_mb=512, moves="every", threads=1, max_nodes=None))]
fn solve(
    py: Python<'_>,
    game: &Game,
    seconds: Option<f64>,
    table_mb: usize,
    moves: &str,
    threads: usize,
    max_nodes: Option<u64>,
) -> PyResult<String> {
    let moves = match moves {
        "every" => sow::solve::MoveValues::Every,
        "one_best" => sow::solve::MoveValues::OneBest,
        _ => {
            return Err(PyValueError::new_err(format!(
                "moves {moves:?}: \"every\" or \"one_best\""
            )));
        }
    };
    sow::solve::check_solvable(game.game.rules())
        .map_err(|e| raise(py, "RuleError", e.to_string(), None))?;
    let copy = game.game.clone();
    guarded(|| {
        py.detach(|| {
            let stop = Arc::new(AtomicBool::new(false));
            // The timer wakes when the limit passes or the solve ends (its
            // sender dropped), whichever comes first.
            let (done, finished) = std::sync::mpsc::channel::<()>();
            if let Some(seconds) = seconds {
                let stop = stop.clone();
                let limit = Duration::from_secs_f64(seconds.clamp(0.0, 1e7));
                std::thread::spawn(move || {
                    if finished.recv_timeout(limit).is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                });
            }
            let options = sow::solve::Options {
                table_bytes: table_mb.clamp(1, 1 << 20) << 20,
                stop: Some(&stop),
                moves,
                max_nodes,
                threads: threads.clamp(1, sow::bench::MAX_THREADS),
                ..Default::default()
            };
            let solution = sow::solve::solve(&copy, &options);
            drop(done);
            solution
        })
        .map(|solution| {
            serde_json::json!({
                "value": solution.value.exact(),
                "bounds": [solution.value.lower, solution.value.upper],
                "moves": solution.moves.iter().map(|m| serde_json::json!({
                    "move": m.mv.to_string(),
                    "value": m.bounds.exact(),
                    "bounds": [m.bounds.lower, m.bounds.upper],
                })).collect::<Vec<_>>(),
                "nodes": solution.nodes,
                "seconds": solution.seconds,
                "stopped": solution.stopped.map(|e| e.to_string()),
            })
            .to_string()
        })
        .map_err(|e| raise(py, "RuleError", e.to_string(), None))
    })
}

/// Plays `games` uniformly random games of `variant` from `seed` without
/// crossing into Python per ply: a dict of games, plies and the checksum
/// (`sow bench`'s: the same seed gives the same checksum).
#[pyfunction]
#[pyo3(name = "bench", signature = (variant, games=1000, seed=1, threads=1))]
fn bench_games(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    games: u64,
    seed: u64,
    threads: usize,
) -> PyResult<String> {
    let variant = variant_of(py, variant)?;
    let engine = variant.bind(py).get().engine.clone();
    if games == 0 || games > sow::bench::MAX_GAMES {
        return Err(PyValueError::new_err(format!(
            "games {games}: from 1 to {}",
            sow::bench::MAX_GAMES
        )));
    }
    let threads = threads.min(sow::bench::MAX_THREADS);
    guarded(|| {
        let timed = py.detach(|| {
            let start = std::time::Instant::now();
            let report = sow::bench::random_games(&engine, games, seed, threads);
            (report, start.elapsed().as_secs_f64())
        });
        let (report, seconds) = timed;
        Ok(serde_json::json!({
            "variant": engine.rules().meta.name,
            "games": report.games,
            "plies": report.plies,
            "checksum": report.checksum,
            "seconds": seconds,
            "engine": sow::bench::engine_name(sow::walk::EngineChoice::Fastest, &engine),
        })
        .to_string())
    })
}

/// Plays `games` games of each variant between two players (random by
/// default) from `seed`, as `sow compare` does: one JSON report a variant
/// (wins of each side with their 95% intervals, draws, lengths, captures,
/// endings, branching).
#[pyfunction]
#[pyo3(signature = (variants, games=1000, seed=1, players=None, threads=1))]
fn compare(
    py: Python<'_>,
    variants: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    players: Option<(String, String)>,
    threads: usize,
) -> PyResult<String> {
    let players = players.unwrap_or_else(|| ("random".into(), "random".into()));
    let engines = variants
        .iter()
        .map(|v| Ok(variant_of(py, v)?.bind(py).get().engine.clone()))
        .collect::<PyResult<Vec<_>>>()?;
    let (south, north) = (player_spec(&players.0)?, player_spec(&players.1)?);
    for engine in &engines {
        for spec in [&south, &north] {
            spec.open_database(engine.rules())
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
    }
    if games == 0 || games > MAX_BATCH_GAMES {
        return Err(PyValueError::new_err(format!(
            "games {games}: from 1 to {MAX_BATCH_GAMES}"
        )));
    }
    let run = sow::arena::Run {
        games,
        seed,
        threads: threads.min(sow::bench::MAX_THREADS),
        keep_records: false,
    };
    guarded(|| {
        let reports = py.detach(|| sow::arena::compare(&engines, [&south, &north], &run, &|| ()));
        let reports: Vec<_> = reports.into_iter().map(|(report, _)| report).collect();
        serde_json::to_string(&reports).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    })
}

/// The module `sow._sow`; the package `sow` re-exports it.
#[pymodule]
fn _sow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Variant>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(best_move, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(bench_games, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add("STOP_TIMES", sow::encoding::STOP_TIMES)?;
    Ok(())
}
