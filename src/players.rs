//! Computer players. Every player works for any variant: it sees only the
//! [`Game`] and the moves the rules allow.

use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::endgame::{Database, EndgameError};
use crate::game::Game;
use crate::position::{Move, Side};
use crate::rng::Rng;

/// Something that picks moves.
pub trait Player: Send {
    /// A short name for records and tables, such as `random` or `greedy`.
    fn name(&self) -> String;
    /// Picks one of the game's legal moves; the game is not over.
    fn choose(&mut self, game: &Game) -> Move;
}

/// A uniformly random legal move of a game that is not over, drawn as
/// [`Game::random_move`] draws it.
#[inline]
pub fn random_move(game: &Game, rng: &mut Rng) -> Move {
    game.random_move(rng).expect("a game not over has a move")
}

/// The seeds a legal move of `game` would capture at once.
fn immediate_capture(game: &Game, mv: Move) -> u8 {
    let mut after = game.position().clone();
    // Listed moves are legal: no need to judge them again.
    game.engine().apply_move(&mut after, mv, &mut ()).captured
}

/// Picks uniformly among the legal moves.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player drawing from `rng`.
    pub fn new(rng: Rng) -> RandomPlayer {
        RandomPlayer { rng }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game) -> Move {
        random_move(game, &mut self.rng)
    }
}

/// Takes the largest immediate capture, breaking ties at random.
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    /// A greedy player breaking ties with `rng`.
    pub fn new(rng: Rng) -> GreedyPlayer {
        GreedyPlayer { rng }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game) -> Move {
        let mut best = Vec::new();
        let mut most = -1i32;
        for mv in game.legal_moves().iter() {
            let captured = immediate_capture(game, mv) as i32;
            if captured > most {
                most = captured;
                best.clear();
            }
            if captured == most {
                best.push(mv);
            }
        }
        best[self.rng.below(best.len())]
    }
}

/// How alpha-beta scores a position that is not over, from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evaluation {
    /// The store difference.
    Stores,
    /// The store difference, plus a quarter of the seeds on each side's row
    /// (seeds at home are likely, not certain, to end in one's store).
    StoresAndRows,
}

impl Evaluation {
    fn score(self, game: &Game) -> i32 {
        let position = game.position();
        let me = position.to_move();
        let stores = position.store(me) as i32 - position.store(me.opponent()) as i32;
        match self {
            Evaluation::Stores => stores * 4,
            Evaluation::StoresAndRows => {
                stores * 4 + position.seeds_on_side(me) as i32
                    - position.seeds_on_side(me.opponent()) as i32
            }
        }
    }
}

/// How long alpha-beta may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Search to this depth, in plies.
    Depth(u32),
    /// Deepen until this much time has passed, then play the best move of
    /// the deepest search that finished.
    Time(std::time::Duration),
}

/// A score beyond any evaluation, for won and lost games.
const WIN: i32 = 1_000_000;

/// What an alpha-beta search found: a move and how good it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The best move found.
    pub mv: Move,
    /// Its score for the side to move: four points per seed of store
    /// difference, or beyond a million for a game won (negative: lost).
    pub score: i32,
    /// The deepest search that finished, in plies.
    pub depth: u32,
}

impl Analysis {
    /// The score in words, from the side to move: `+1.5 seeds` ahead, or a
    /// win or loss the search has seen to the end.
    pub fn describe(&self) -> String {
        if self.score >= WIN / 2 {
            format!("a win (by {} seeds)", self.score - WIN)
        } else if self.score <= -WIN / 2 {
            format!("a loss (by {} seeds)", -(self.score + WIN))
        } else {
            format!("{:+.2} seeds", self.score as f64 / 4.0)
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
    bound: u8,
    score: i32,
    best: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const TABLE_BITS: u32 = 16;

/// Negamax alpha-beta with iterative deepening, a transposition table and
/// move ordering (the table's best move, then the largest captures). Moves
/// may keep the turn (extra turns, passes), so a child's score is negated
/// only when the side to move changes.
pub struct AlphaBetaPlayer {
    budget: Budget,
    evaluation: Evaluation,
    rng: Rng,
    table: Vec<Entry>,
    deadline: Option<std::time::Instant>,
    /// The longest any one move may take, whatever the budget.
    limit: Option<std::time::Duration>,
    nodes: u64,
    database: Option<Arc<Database>>,
}

impl AlphaBetaPlayer {
    /// An alpha-beta player with a budget and an evaluation; `rng` breaks
    /// ties between equally good first moves.
    pub fn new(budget: Budget, evaluation: Evaluation, rng: Rng) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            budget,
            evaluation,
            rng,
            table: vec![Entry::default(); 1 << TABLE_BITS],
            deadline: None,
            limit: None,
            nodes: 0,
            database: None,
        }
    }

    /// The same player, but no move takes longer than `limit`: a depth not
    /// finished by then is dropped, and the deepest finished search gives
    /// the move (as with a time budget). What a server that must answer in
    /// bounded time asks for.
    pub fn within(self, limit: std::time::Duration) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            limit: Some(limit),
            ..self
        }
    }

    /// The same player, reading the value of every position an endgame
    /// database holds instead of searching it.
    pub fn with_database(mut self, database: Arc<Database>) -> AlphaBetaPlayer {
        self.database = Some(database);
        self
    }

    /// Nodes searched for the last move.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `game` within the budget: the best move for the side to
    /// move and its score, or `None` when the game is over or no search
    /// depth finished in time.
    pub fn analyse(&mut self, game: &Game) -> Option<Analysis> {
        let mut game = game.clone();
        self.nodes = 0;
        let (max_depth, deadline) = match self.budget {
            Budget::Depth(d) => (d.max(1), None),
            Budget::Time(t) => (64, Some(std::time::Instant::now() + t)),
        };
        let limit = self.limit.map(|l| std::time::Instant::now() + l);
        self.deadline = match (deadline, limit) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut best: Option<Analysis> = None;
        if !game.is_over() {
            for depth in 1..=max_depth {
                match self.root(&mut game, depth, best.map(|b| b.mv)) {
                    Some((mv, score)) => {
                        best = Some(Analysis { mv, score, depth });
                        if score.abs() >= WIN / 2 {
                            break;
                        }
                    }
                    None => break,
                }
            }
        }
        self.deadline = None;
        best
    }

    fn out_of_time(&self) -> bool {
        self.deadline
            .is_some_and(|d| self.nodes.is_multiple_of(1024) && std::time::Instant::now() >= d)
    }

    /// Moves in search order: the remembered best first, then by capture size.
    fn ordered(&self, game: &Game, best: Option<u8>) -> Vec<Move> {
        let mut moves: Vec<(i32, Move)> = game
            .legal_moves()
            .iter()
            .map(|mv| {
                let captured = immediate_capture(game, mv) as i32;
                let first = best == Some(game.rules().board.offset_of(mv) as u8);
                (if first { i32::MAX } else { captured }, mv)
            })
            .collect();
        moves.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
        moves.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The score of the game for `me`: the side to move, or, once the game
    /// is over, the side the parent hands the result to.
    fn search(
        &mut self,
        game: &mut Game,
        me: Side,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        if let Some(outcome) = game.outcome() {
            let diff =
                outcome.score[me.index()] as i32 - outcome.score[me.opponent().index()] as i32;
            return Some(match outcome.winner {
                Some(w) if w == me => WIN + diff,
                Some(_) => -WIN + diff,
                None => 0,
            });
        }
        if let Some(value) = self
            .database
            .as_ref()
            .and_then(|db| db.value(game.position()))
        {
            // The side to move is `me`; a value decided by the cycle
            // convention is the database's best word for it.
            let diff = value.exact().unwrap_or(value.convention);
            return Some(match diff.signum() {
                1 => WIN + diff,
                -1 => -WIN + diff,
                _ => 0,
            });
        }
        if depth == 0 {
            return Some(self.evaluation.score(game));
        }
        let key = game.position().key();
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        let remembered = (entry.key == key && entry.bound != 0).then_some(entry);
        if let Some(e) = remembered
            && e.depth as u32 >= depth
        {
            match e.bound {
                EXACT => return Some(e.score),
                LOWER if e.score >= beta => return Some(e.score),
                UPPER if e.score <= alpha => return Some(e.score),
                _ => {}
            }
        }
        let alpha_before = alpha;
        let mut best_score = i32::MIN;
        let mut best_move = None;
        for mv in self.ordered(game, remembered.map(|e| e.best)) {
            game.play(mv, &mut ()).expect("listed moves are legal");
            let child = self.child(game, me, depth - 1, alpha, beta);
            game.undo();
            let score = child?;
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= alpha_before {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key,
            depth: depth.min(255) as u8,
            bound,
            score: best_score,
            best: best_move.map_or(0, |m| game.rules().board.offset_of(m) as u8),
        };
        Some(best_score)
    }

    /// The score for `me` of the position after one of `me`'s moves: the
    /// child is searched for whoever moves there, and its score negated when
    /// that is the opponent (a move may keep the turn).
    fn child(
        &mut self,
        game: &mut Game,
        me: Side,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !game.is_over() && game.position().to_move() == me {
            self.search(game, me, depth, alpha, beta)
        } else {
            self.search(game, me.opponent(), depth, -beta, -alpha)
                .map(|s| -s)
        }
    }

    /// The best move at the root for one depth, or `None` when time ran out.
    fn root(&mut self, game: &mut Game, depth: u32, first: Option<Move>) -> Option<(Move, i32)> {
        let me = game.position().to_move();
        let mut moves = self.ordered(game, first.map(|m| game.rules().board.offset_of(m) as u8));
        // Equal moves are tried in a random order so that equal choices vary.
        let start = usize::from(first.is_some());
        for i in (start + 1..moves.len()).rev() {
            let j = start + self.rng.below(i - start + 1);
            moves.swap(i, j);
        }
        let (mut alpha, beta) = (-WIN * 2, WIN * 2);
        let mut best = None;
        for mv in moves {
            game.play(mv, &mut ()).expect("listed moves are legal");
            let child = self.child(game, me, depth - 1, alpha, beta);
            game.undo();
            let score = child?;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
                alpha = alpha.max(score);
            }
        }
        best
    }
}

impl Player for AlphaBetaPlayer {
    fn name(&self) -> String {
        // The name the player is read back from, evaluation included.
        let database = self.database.as_ref().map(|db| DatabaseSpec {
            dir: db.dir().to_path_buf(),
            opened: Arc::new(OnceLock::new()),
        });
        PlayerSpec::AlphaBeta(self.budget, self.evaluation, database).to_string()
    }

    fn choose(&mut self, game: &Game) -> Move {
        match self.analyse(game) {
            Some(analysis) => analysis.mv,
            None => game.legal_moves().get(0).expect("the game is not over"),
        }
    }
}

/// Monte Carlo tree search (UCT) with a budget of random playouts per move.
/// A playout is judged by the game's own result (a win, a draw or a loss,
/// the variant's final score deciding), never by the stores alone; games
/// the tree plays to their end are proven (MCTS-Solver), so a won ending is
/// played and a lost one avoided without spending playouts on them.
pub struct MctsPlayer {
    playouts: u32,
    rng: Rng,
    /// The longest it thinks about one move, if limited: then it plays the
    /// best move of the playouts run by then.
    limit: Option<std::time::Duration>,
}

/// The exploration constant of UCT, for results in [0, 1]. Tuned in
/// matches against OpenSpiel's MCTS (docs/comparing.md, "Against OpenSpiel's MCTS").
const EXPLORATION: f64 = 0.7;

struct Node {
    /// The move that led here, and who made it.
    mv: Option<Move>,
    mover: Side,
    visits: u32,
    /// Wins for `mover` (draws count half).
    wins: f64,
    /// The game's result for `mover` once the tree has seen it through:
    /// 1 a win, 0.5 a draw, 0 a loss whatever the play from here.
    proven: Option<f64>,
    children: Vec<usize>,
    untried: Vec<Move>,
}

/// A finished game's result for `side`: 1 a win, 0.5 a draw, 0 a loss. A
/// game stopped unfinished is judged by its score so far.
fn result_for(game: &Game, side: Side) -> f64 {
    let winner = match game.outcome() {
        Some(outcome) => outcome.winner,
        None => {
            let score = game.score();
            match score[0].cmp(&score[1]) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            }
        }
    };
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

impl MctsPlayer {
    /// An MCTS player with `playouts` per move.
    pub fn new(playouts: u32, rng: Rng) -> MctsPlayer {
        MctsPlayer {
            playouts: playouts.max(1),
            rng,
            limit: None,
        }
    }

    /// The same player, stopping after `limit` on one move whatever
    /// playouts are left (at least one playout is run).
    pub fn within(self, limit: std::time::Duration) -> MctsPlayer {
        MctsPlayer {
            limit: Some(limit),
            ..self
        }
    }

    /// Plays random moves to the end (or a cap) and gives the result for
    /// `side`.
    fn rollout(&mut self, game: &mut Game, side: Side) -> f64 {
        game.play_randomly(&mut self.rng, 1000);
        result_for(game, side)
    }
}

/// The child of `node` to descend to: a proven win for the side to move,
/// else the best by UCT among those not proven lost.
fn select(nodes: &[Node], node: usize) -> usize {
    let parent = &nodes[node];
    let log_visits = (parent.visits.max(1) as f64).ln();
    let uct = |n: &Node| match n.proven {
        Some(1.0) => f64::INFINITY,
        Some(0.0) => f64::NEG_INFINITY,
        _ => n.wins / n.visits as f64 + EXPLORATION * (log_visits / n.visits as f64).sqrt(),
    };
    parent
        .children
        .iter()
        .copied()
        .max_by(|&a, &b| uct(&nodes[a]).total_cmp(&uct(&nodes[b])))
        .expect("children exist")
}

/// Proves `node` from its children when they settle it: one proven win for
/// the side to move there is enough, otherwise every move must be tried and
/// proven.
fn prove(nodes: &mut [Node], node: usize) {
    let to_move = match nodes[node].children.first() {
        Some(&child) => nodes[child].mover,
        None => return,
    };
    let mut best: Option<f64> = None;
    let mut all = nodes[node].untried.is_empty();
    for &child in &nodes[node].children {
        match nodes[child].proven {
            Some(value) => {
                let value = if nodes[child].mover == to_move {
                    value
                } else {
                    1.0 - value
                };
                best = Some(best.map_or(value, |b: f64| b.max(value)));
            }
            None => all = false,
        }
    }
    let value = match best {
        Some(v) if v == 1.0 || all => v,
        _ => return,
    };
    nodes[node].proven = Some(if nodes[node].mover == to_move {
        value
    } else {
        1.0 - value
    });
}

impl Player for MctsPlayer {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts)
    }

    fn choose(&mut self, game: &Game) -> Move {
        let root_side = game.position().to_move();
        let mut nodes = vec![Node {
            mv: None,
            mover: root_side.opponent(),
            visits: 0,
            wins: 0.0,
            proven: None,
            children: Vec::new(),
            untried: game.legal_moves().to_vec(),
        }];
        // Playouts never look back: each starts from a copy that keeps only
        // what the rules need, not the game's whole history.
        let root = game.playout_copy();
        let deadline = self.limit.map(|limit| std::time::Instant::now() + limit);
        for playout in 0..self.playouts {
            if nodes[0].proven.is_some() {
                break;
            }
            // The clock is read every 64 playouts: reading it costs about as
            // much as a short playout.
            if playout > 0
                && playout % 64 == 0
                && deadline.is_some_and(|d| std::time::Instant::now() >= d)
            {
                break;
            }
            let mut state = root.clone();
            let mut path = vec![0usize];
            let mut node = 0;
            // Selection: descend while fully expanded and not settled.
            while nodes[node].untried.is_empty()
                && !nodes[node].children.is_empty()
                && nodes[node].proven.is_none()
            {
                let pick = select(&nodes, node);
                state
                    .play(nodes[pick].mv.expect("a child has a move"), &mut ())
                    .expect("legal");
                node = pick;
                path.push(node);
            }
            // Expansion: one untried move.
            if !nodes[node].untried.is_empty() && nodes[node].proven.is_none() {
                let i = self.rng.below(nodes[node].untried.len());
                let mv = nodes[node].untried.swap_remove(i);
                let mover = state.position().to_move();
                state.play(mv, &mut ()).expect("legal");
                let untried = state.legal_moves().to_vec();
                let proven = state.is_over().then(|| result_for(&state, mover));
                nodes.push(Node {
                    mv: Some(mv),
                    mover,
                    visits: 0,
                    wins: 0.0,
                    proven,
                    children: Vec::new(),
                    untried,
                });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                node = child;
                path.push(node);
            }
            // Simulation, then backpropagation from South's point of view,
            // proving what the new result settles on the way up.
            let south = match nodes[node].proven {
                Some(value) if nodes[node].mover == Side::South => value,
                Some(value) => 1.0 - value,
                None => self.rollout(&mut state, Side::South),
            };
            for &n in path.iter().rev() {
                prove(&mut nodes, n);
                let node = &mut nodes[n];
                node.visits += 1;
                node.wins += if node.mover == Side::South {
                    south
                } else {
                    1.0 - south
                };
            }
        }
        // A proven win first, then the most visited move not proven lost.
        let rank = |n: &Node| match n.proven {
            Some(value) => (value * 2.0 - 1.0) * f64::from(u32::MAX) + f64::from(n.visits),
            None => f64::from(n.visits),
        };
        nodes[0]
            .children
            .iter()
            .max_by(|&&a, &&b| rank(&nodes[a]).total_cmp(&rank(&nodes[b])))
            .and_then(|&c| nodes[c].mv)
            .unwrap_or_else(|| game.legal_moves().get(0).expect("the game is not over"))
    }
}

/// How deep a hint searches: the alpha-beta player at this depth.
pub const HINT_DEPTH: u32 = 6;

/// A hint for the side to move: the alpha-beta player's choice at
/// [`HINT_DEPTH`] and its evaluation; `None` once the game is over.
pub fn hint(game: &Game, seed: u64) -> Option<Analysis> {
    hint_player(seed).analyse(game)
}

/// The player [`hint`] asks, to be limited in time where a hint must come
/// quickly ([`AlphaBetaPlayer::within`]).
pub fn hint_player(seed: u64) -> AlphaBetaPlayer {
    AlphaBetaPlayer::new(
        Budget::Depth(HINT_DEPTH),
        Evaluation::Stores,
        Rng::new(seed),
    )
}

/// The players' command-line names.
pub const PLAYER_NAMES: &str =
    "random, greedy, alphabeta[:DEPTH|:MILLISms][:rows][:db=DIR], mcts[:PLAYOUTS]";

/// The deepest `alphabeta:DEPTH` search: depth 12 already takes seconds a
/// move on a 2x6 board, and each ply multiplies the time by the branching.
pub const MAX_DEPTH: u32 = 32;
/// The longest `alphabeta:MILLISms` time per move: ten minutes.
pub const MAX_MILLIS: u64 = 600_000;
/// The most `mcts:PLAYOUTS` playouts per move; a million take seconds, and
/// the search tree grows with them.
pub const MAX_PLAYOUTS: u32 = 10_000_000;

/// A player as named on the command line, checked against the limits above:
/// `random`, `greedy`, `alphabeta:8` (depth), `alphabeta:500ms` (time per
/// move), `alphabeta:6:rows` (with the rows evaluation), `mcts:2000`
/// (playouts). Parsing refuses a name or a budget out of range, so a run
/// never starts with a player that cannot finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A uniformly random legal move.
    Random,
    /// The largest immediate capture.
    Greedy,
    /// Alpha-beta with a budget, an evaluation, and perhaps an endgame
    /// database (`db=DIR`).
    AlphaBeta(Budget, Evaluation, Option<DatabaseSpec>),
    /// Monte Carlo tree search with this many playouts per move.
    Mcts(u32),
}

impl std::str::FromStr for PlayerSpec {
    type Err = String;

    fn from_str(spec: &str) -> Result<PlayerSpec, String> {
        // `db=DIR` comes last and takes the rest, so DIR may hold colons.
        let (spec_only, database) = match spec.split_once(":db=") {
            Some((head, dir)) if head.starts_with("alphabeta") && !dir.is_empty() => (
                head,
                Some(DatabaseSpec {
                    dir: PathBuf::from(dir),
                    opened: Arc::new(OnceLock::new()),
                }),
            ),
            _ => (spec, None),
        };
        let mut parts = spec_only.split(':');
        let kind = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        let shown = crate::diagnostic::excerpt(spec);
        let bad = || format!("bad player `{shown}` (players: {PLAYER_NAMES})");
        let number = |text: &str, what: &str, max: u64| -> Result<u64, String> {
            let n: u64 = text.parse().map_err(|_| bad())?;
            if (1..=max).contains(&n) {
                Ok(n)
            } else {
                Err(format!("`{shown}`: {what} must be between 1 and {max}"))
            }
        };
        match (kind, args.as_slice()) {
            ("random", []) => Ok(PlayerSpec::Random),
            ("greedy", []) => Ok(PlayerSpec::Greedy),
            ("alphabeta", rest) if rest.len() <= 2 => {
                // The budget may be left out before the evaluation:
                // `alphabeta:rows` is `alphabeta:6:rows`.
                let evaluation_only =
                    matches!(rest, [word] if *word == "rows" || *word == "stores");
                let (limit, evaluation) = if evaluation_only {
                    (None, rest.first())
                } else {
                    (rest.first(), rest.get(1))
                };
                let budget = match limit {
                    None => Budget::Depth(6),
                    Some(limit) => match limit.strip_suffix("ms") {
                        Some(ms) => Budget::Time(std::time::Duration::from_millis(number(
                            ms,
                            "the time per move in milliseconds",
                            MAX_MILLIS,
                        )?)),
                        None => Budget::Depth(
                            number(limit, "the search depth", MAX_DEPTH as u64)? as u32
                        ),
                    },
                };
                let evaluation = match evaluation {
                    None | Some(&"stores") => Evaluation::Stores,
                    Some(&"rows") => Evaluation::StoresAndRows,
                    Some(_) => return Err(bad()),
                };
                Ok(PlayerSpec::AlphaBeta(budget, evaluation, database))
            }
            ("mcts", []) => Ok(PlayerSpec::Mcts(1000)),
            ("mcts", [n]) => {
                Ok(PlayerSpec::Mcts(
                    number(n, "the playouts per move", MAX_PLAYOUTS as u64)? as u32,
                ))
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The name [`PlayerSpec::from_str`](std::str::FromStr) reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::AlphaBeta(budget, evaluation, database) => {
                match budget {
                    Budget::Depth(d) => write!(f, "alphabeta:{d}")?,
                    Budget::Time(t) => write!(f, "alphabeta:{}ms", t.as_millis())?,
                }
                if *evaluation == Evaluation::StoresAndRows {
                    f.write_str(":rows")?;
                }
                if let Some(database) = database {
                    write!(f, ":db={}", database.dir.display())?;
                }
                Ok(())
            }
            PlayerSpec::Mcts(playouts) => write!(f, "mcts:{playouts}"),
        }
    }
}

/// An endgame database named on the command line (`alphabeta:8:db=DIR`),
/// opened once for the game's rules by [`PlayerSpec::open_database`] and
/// shared by every player built from the spec.
#[derive(Debug, Clone)]
pub struct DatabaseSpec {
    /// The database's directory.
    pub dir: PathBuf,
    opened: Arc<OnceLock<Arc<Database>>>,
}

impl PartialEq for DatabaseSpec {
    fn eq(&self, other: &DatabaseSpec) -> bool {
        self.dir == other.dir
    }
}

impl Eq for DatabaseSpec {}

impl PlayerSpec {
    /// Opens the endgame database the spec names, if any, for `rules`:
    /// refused when it was built for other rules or is damaged. Players
    /// built from the spec after this read it.
    pub fn open_database(&self, rules: &crate::rules::Rules) -> Result<(), EndgameError> {
        let PlayerSpec::AlphaBeta(_, _, Some(spec)) = self else {
            return Ok(());
        };
        match spec.opened.get() {
            // Opened for one variant, asked for another (`compare`).
            Some(db) if !db.is_for(rules) => Err(EndgameError::OtherRules {
                path: spec.dir.clone(),
                variant: rules.meta.name.clone(),
            }),
            Some(_) => Ok(()),
            None => {
                let db = crate::endgame::open(rules, &spec.dir)?;
                let _ = spec.opened.set(Arc::new(db));
                Ok(())
            }
        }
    }

    /// The player, seeded with `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        let rng = Rng::new(seed);
        match *self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(rng)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(rng)),
            PlayerSpec::AlphaBeta(budget, evaluation, ref database) => {
                let player = AlphaBetaPlayer::new(budget, evaluation, rng);
                match database.as_ref().and_then(|d| d.opened.get()) {
                    Some(db) => Box::new(player.with_database(Arc::clone(db))),
                    None => Box::new(player),
                }
            }
            PlayerSpec::Mcts(playouts) => Box::new(MctsPlayer::new(playouts, rng)),
        }
    }
}

/// A player by its command-line name, seeded with `seed` (see [`PlayerSpec`]).
pub fn by_name(spec: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    Ok(spec.parse::<PlayerSpec>()?.build(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Position, Side};

    #[test]
    fn a_time_limit_cuts_a_deep_search_short() {
        let engine = crate::Engine::new(crate::rules::shipped("oware.toml"));
        let game = Game::new(&engine);
        let started = std::time::Instant::now();
        let mut player = AlphaBetaPlayer::new(Budget::Depth(30), Evaluation::Stores, Rng::new(1))
            .within(std::time::Duration::from_millis(50));
        let analysis = player.analyse(&game).expect("depth 1 finishes in time");
        // Depth 30 of Oware's opening takes hours; the limit stops it.
        assert!(analysis.depth < 30, "depth {}", analysis.depth);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(game.legal_moves().contains(analysis.mv));
    }

    #[test]
    fn the_budget_may_be_left_out_before_the_evaluation() {
        let rows: PlayerSpec = "alphabeta:rows".parse().unwrap();
        assert_eq!(
            rows,
            PlayerSpec::AlphaBeta(Budget::Depth(6), Evaluation::StoresAndRows, None)
        );
        assert_eq!(rows, "alphabeta:6:rows".parse().unwrap());
        assert_eq!(
            "alphabeta:stores".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::AlphaBeta(Budget::Depth(6), Evaluation::Stores, None)
        );
        assert!("alphabeta:rows:6".parse::<PlayerSpec>().is_err());
        assert!("alphabeta:6:rowz".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn a_database_is_named_last_and_may_hold_colons() {
        let spec: PlayerSpec = "alphabeta:8:rows:db=/tmp/a:b".parse().unwrap();
        let PlayerSpec::AlphaBeta(Budget::Depth(8), Evaluation::StoresAndRows, Some(db)) = &spec
        else {
            panic!("{spec:?}");
        };
        assert_eq!(db.dir, std::path::Path::new("/tmp/a:b"));
        assert_eq!(spec.to_string(), "alphabeta:8:rows:db=/tmp/a:b");
        assert_eq!(spec.to_string().parse::<PlayerSpec>().unwrap(), spec);
        // Only alpha-beta reads a database, and it needs a directory.
        assert!("mcts:100:db=/tmp".parse::<PlayerSpec>().is_err());
        assert!("alphabeta:8:db=".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn greedy_takes_the_biggest_capture() {
        let engine = crate::Engine::new(crate::rules::shipped("oware.toml"));
        // D, E and F end in a (1 -> 2) and capture 2; C's five seeds end in
        // b (1 -> 2) with a (1 -> 2) before it, and capture 4. A and B stay home.
        let position =
            Position::new(&[4, 4, 5, 3, 2, 1, 1, 1, 2, 4, 4, 5], [6, 6], Side::South).unwrap();
        let game = Game::from_position(&engine, position).unwrap();
        let mut greedy = GreedyPlayer::new(Rng::new(1));
        assert_eq!(greedy.choose(&game), Move::from_label("C").unwrap());
    }

    /// A Kalah game that ends 19-22 in store with 7 seeds left in South's
    /// row is South's, 26-22: a playout is judged by the result.
    #[test]
    fn a_playout_is_judged_by_the_result_not_the_stores() {
        let engine = crate::Engine::new(crate::rules::shipped("kalah.toml"));
        let position =
            Position::new(&[1, 1, 0, 3, 0, 2, 0, 0, 0, 0, 0, 1], [19, 21], Side::North).unwrap();
        let mut game = Game::from_position(&engine, position).unwrap();
        game.play(Move::from_label("f").unwrap(), &mut ()).unwrap();
        assert_eq!(game.position().stores(), [19, 22]);
        assert_eq!(game.outcome().unwrap().score, [26, 22]);
        assert_eq!(result_for(&game, Side::South), 1.0);
        assert_eq!(result_for(&game, Side::North), 0.0);
    }

    #[test]
    fn analysis_scores_read_in_seeds() {
        let mv = Move::from_label("C").unwrap();
        let at = |score| {
            Analysis {
                mv,
                score,
                depth: 6,
            }
            .describe()
        };
        assert_eq!(at(6), "+1.50 seeds");
        assert_eq!(at(-4), "-1.00 seeds");
        assert_eq!(at(WIN + 3), "a win (by 3 seeds)");
        assert_eq!(at(-WIN - 5), "a loss (by 5 seeds)");
    }

    #[test]
    fn analysis_finds_the_move_alpha_beta_plays() {
        let engine = crate::Engine::new(crate::rules::shipped("oware.toml"));
        let position =
            Position::new(&[4, 4, 5, 3, 2, 1, 1, 1, 2, 4, 4, 5], [6, 6], Side::South).unwrap();
        let game = Game::from_position(&engine, position).unwrap();
        let mut searcher = AlphaBetaPlayer::new(Budget::Depth(4), Evaluation::Stores, Rng::new(3));
        let analysis = searcher.analyse(&game).unwrap();
        let mut player = AlphaBetaPlayer::new(Budget::Depth(4), Evaluation::Stores, Rng::new(3));
        assert_eq!(player.choose(&game), analysis.mv);
        assert_eq!(analysis.depth, 4);
        assert!(
            analysis.score > 0,
            "South can capture at once: {analysis:?}"
        );
    }
}
