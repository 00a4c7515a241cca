//! The playground's JSON API: each handler reads a request, asks the
//! library, and answers with a game's view or a clear error.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Path, RawQuery, Request, State as Shared};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use sow::board::STORE;
use sow::diagnostic::Located;
use sow::diagram::{match_line, notes, status};
use sow::game::Game;
use sow::notation::{MAX_RECORD_MOVES, check_capture_mark, parse_move, parse_records};
use sow::position::{Layout, Move, Position, Side};
use sow::record::{VariantChoice, record_of};
use sow::rules::{GROUPS, Rules, RulesError, builtin_groups};
use sow::sheet::rule_sheet;
use sow::summary::{counted, summarise};
use sow::trace::Event;
use sow::{Engine, Verdict};

use super::games::{MAX_PLIES, MAX_THINKING, Seat, Session, StoreError, computer};
use super::{MAX_TEXT_BYTES, State};

/// The name a variant from the editor goes by in messages, as a file's
/// name does on the command line.
pub const EDITOR_ORIGIN: &str = "variant.toml";
/// The name an uploaded record goes by in messages.
pub const UPLOAD_ORIGIN: &str = "upload.sow";

/// A shipped variant, compiled once when the server starts.
pub struct Shipped {
    /// Its group's heading, as `sow variants` prints it.
    group: &'static str,
    /// Its file's text, for "Edit a copy".
    text: &'static str,
    engine: Arc<Engine>,
}

/// Every shipped variant, in `sow variants` order.
pub fn shipped() -> Vec<Shipped> {
    builtin_groups()
        .into_iter()
        .zip(GROUPS)
        .flat_map(|((group, rules), (_, files))| {
            rules
                .into_iter()
                .zip(files.iter())
                .map(move |(rules, (_, text))| Shipped {
                    group,
                    text,
                    engine: Engine::new(rules),
                })
        })
        .collect()
}

/// An error as the API answers it: a status and `{"error": …}`, with the
/// line and column where the fault is in a text that was sent.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    at: Option<(usize, usize)>,
}

impl ApiError {
    /// An error with a status and a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            at: None,
        }
    }

    /// A rule error in the game (422).
    fn rule(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// A variant file that does not compile, at its line and column.
    fn variant(error: &RulesError) -> ApiError {
        let at = match error {
            RulesError::Invalid(located) => Some((located.line, located.column)),
            _ => None,
        };
        ApiError {
            at,
            ..ApiError::rule(error.to_string())
        }
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            line: self.at.map(|(line, _)| line),
            column: self.at.map(|(_, column)| column),
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::Unknown => ApiError::new(
                StatusCode::NOT_FOUND,
                "no such game: it never existed, or it was forgotten after an hour unused; start a new game",
            ),
            StoreError::Full => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the playground holds as many games as it may; try again later",
            ),
            StoreError::Changed => ApiError::new(
                StatusCode::CONFLICT,
                "the game changed while this request was answered (another tab?); reload it",
            ),
        }
    }
}

/// The longest a client may take to send a request's body once its head
/// has come: a body trickling in a byte at a time is cut off.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// A JSON body, whose faults (not JSON, the wrong fields, too large, too
/// slow) are answered as [`ApiError`]s in sow's words.
pub struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body<T>, ApiError> {
        let is_json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the request's body as JSON, with the header `Content-Type: application/json`",
            ));
        }
        let bytes = match tokio::time::timeout(BODY_TIMEOUT, Bytes::from_request(request, state))
            .await
        {
            Err(_) => {
                return Err(ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request's body did not arrive within {} s",
                        BODY_TIMEOUT.as_secs()
                    ),
                ));
            }
            Ok(Ok(bytes)) => bytes,
            Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!(
                        "the request is too large: a variant file or a record may hold at most {MAX_TEXT_BYTES} bytes"
                    ),
                ));
            }
            Ok(Err(rejection)) => {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "the request's body could not be read: {}",
                        rejection.body_text()
                    ),
                ));
            }
        };
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|error| json_error(&error))
    }
}

/// A fault in a request's JSON, in sow's words: where it is, what was
/// wrong, with the client's text escaped and no Rust type named. Text
/// that is not JSON is a bad request (400); JSON with the wrong fields or
/// values is unprocessable (422).
fn json_error(error: &serde_json::Error) -> ApiError {
    use serde_json::error::Category;
    let status = match error.classify() {
        Category::Data => StatusCode::UNPROCESSABLE_ENTITY,
        Category::Syntax | Category::Eof | Category::Io => StatusCode::BAD_REQUEST,
    };
    // serde_json ends its message with the place; sow puts it first.
    let text = error.to_string();
    let what = match text.rfind(" at line ") {
        Some(at) => &text[..at],
        None => &text,
    };
    ApiError::new(
        status,
        format!(
            "the request's JSON, line {}, column {}: {}",
            error.line(),
            error.column(),
            without_type_names(&sow::diagnostic::escape_controls(what))
        ),
    )
}

/// serde's messages name the Rust types the server reads (`expected struct
/// NewGame`); a client sent an object.
fn without_type_names(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("struct ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "struct ".len()..];
        let name_end = after
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(after.len());
        if name_end == 0 {
            out.push_str("struct ");
        } else {
            out.push_str("an object");
        }
        rest = &after[name_end..];
    }
    out.push_str(rest);
    out
}

/// A request whose method the address does not answer (405).
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} does not answer {} (the README's \"The playground's API\" lists what each address answers)",
            sow::diagnostic::excerpt(uri.path()),
            sow::diagnostic::excerpt(method.as_str()),
        ),
    )
}

/// What a variant file that holds nothing (or only blanks) is answered.
pub const EMPTY_VARIANT: &str = "the variant file is empty: start from a shipped variant (`Edit a copy` on the page, GET /api/variants/NAME/toml here) or paste a variant file";

/// Refuses a variant file that holds only blanks (or nothing), before
/// TOML's own message (`missing field 'variant'`) puzzles anyone.
fn not_empty(text: &str) -> Result<(), ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::rule(EMPTY_VARIANT));
    }
    Ok(())
}

/// Refuses a text longer than [`MAX_TEXT_BYTES`].
fn within_limit(text: &str, what: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the {what} is too large: it may hold at most {MAX_TEXT_BYTES} bytes"),
        ));
    }
    Ok(())
}

/// The most requests that work at once (parsing, playing, thinking), off
/// the server's threads: twice the cores of a small machine (this
/// project's has two), so the cores stay busy while a request waits. A
/// computer's move holds its turn for at most its 3 seconds of thought.
pub(super) const WORKERS: usize = 4;

/// Runs `work` (playing, thinking) off the server's threads.
/// A request's work never changes a kept game until it has succeeded
/// ([`super::games::Games::update`] comes last), so a fault of sow's own
/// (a panic) inside it leaves the game as it was before the request: its
/// record is never lost.
///
/// At most [`WORKERS`] requests work at once, the others waiting their
/// turn: what a request holds while it works (a variant file of 1 MiB
/// parsed, a record replayed) is then bounded however many clients send
/// at once.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    static TURNS: std::sync::LazyLock<tokio::sync::Semaphore> =
        std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(WORKERS));
    let _turn = TURNS
        .acquire()
        .await
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping"))?;
    tokio::task::spawn_blocking(work).await.map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "sow failed on a fault of its own; the game is kept as it was before this request",
        )
    })?
}

fn game_id(text: &str) -> Result<u64, ApiError> {
    u64::from_str_radix(text, 16).map_err(|_| StoreError::Unknown.into())
}

fn broken(message: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
}

/// One shipped variant in the list.
#[derive(Serialize)]
struct VariantItem<'a> {
    name: &'a str,
    /// The game's own name (`Toguz Kumalak`), or its name where it has none.
    title: &'a str,
    /// Its other names.
    aliases: &'a [String],
    /// Where it is played, as its file says.
    region: Option<&'a str>,
    /// Its group's heading, as `sow variants` prints it.
    group: &'a str,
    /// The shelf the page lists it on: `Rule documents`, `MancalaGames:
    /// REGION` (the first region its file names) or `Ludii: three and four
    /// rows`.
    shelf: String,
    summary: Option<&'a str>,
}

/// The shelf a shipped variant is listed on: its group's, the catalogue
/// split by region.
fn shelf(group: &str, region: Option<&str>) -> String {
    let [documents, catalogue, ludii] =
        [0, 1, 2].map(|i| GROUPS.get(i).map(|(heading, _)| *heading));
    if Some(group) == documents {
        "Rule documents".to_string()
    } else if Some(group) == catalogue {
        // `Western Africa, Caribbean` is listed under its first region.
        let first = region
            .and_then(|r| r.split([',', ':', '(']).next())
            .map(str::trim)
            .filter(|r| !r.is_empty());
        format!("MancalaGames: {}", first.unwrap_or("no region given"))
    } else if Some(group) == ludii {
        "Ludii: three and four rows".to_string()
    } else {
        group.to_string()
    }
}

/// `GET /api/variants`: every shipped variant.
pub async fn variants(Shared(state): Shared<Arc<State>>) -> Response {
    let items: Vec<VariantItem<'_>> = state
        .shipped
        .iter()
        .map(|s| {
            let meta = &s.engine.rules().meta;
            VariantItem {
                name: &meta.name,
                title: meta.title.as_deref().unwrap_or(&meta.name),
                aliases: &meta.aliases,
                region: meta.region.as_deref(),
                group: s.group,
                shelf: shelf(s.group, meta.region.as_deref()),
                summary: meta.summary.as_deref(),
            }
        })
        .collect();
    Json(items).into_response()
}

fn find_shipped<'s>(state: &'s State, name: &str) -> Result<&'s Shipped, ApiError> {
    // `state.shipped` is in the shipped files' order.
    let found = sow::rules::names::find_shipped(name);
    if let Some(shipped) = found
        .as_ref()
        .ok()
        .and_then(|&(index, _)| state.shipped.get(index))
    {
        return Ok(shipped);
    }
    let closest = found.err().flatten().map_or(String::new(), |closest| {
        format!("; did you mean {closest}?")
    });
    Err(ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no shipped variant named `{}` (GET /api/variants lists them){closest}",
            sow::diagnostic::excerpt(name)
        ),
    ))
}

/// `GET /api/variants/{name}/toml`: a shipped variant's file.
pub async fn variant_toml(
    Shared(state): Shared<Arc<State>>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let shipped = find_shipped(&state, &name)?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        shipped.text,
    )
        .into_response())
}

/// A text from the editor.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    toml: String,
}

/// A warning or error, located in the editor's text.
#[derive(Serialize)]
struct Finding {
    /// The message as `sow check` prints it: `variant.toml:LINE:COL: …`,
    /// the line and a caret.
    message: String,
    line: usize,
    column: usize,
}

impl From<&Located> for Finding {
    fn from(located: &Located) -> Finding {
        Finding {
            message: located.to_string(),
            line: located.line,
            column: located.column,
        }
    }
}

/// What `POST /api/check` answers for a variant that compiles.
#[derive(Serialize)]
struct Checked {
    name: String,
    warnings: Vec<Finding>,
    /// The rule sheet, as `sow rules` writes it.
    sheet: String,
}

/// `POST /api/check`: compiles the editor's text as `sow check` does; a
/// fault is a 422 with its line and column. Nothing is written anywhere.
pub async fn check(Body(request): Body<CheckRequest>) -> Result<Response, ApiError> {
    within_limit(&request.toml, "variant file")?;
    not_empty(&request.toml)?;
    blocking(move || {
        let checked = sow::warnings::check_toml(&request.toml, EDITOR_ORIGIN)
            .map_err(|e| ApiError::variant(&e))?;
        Ok(Json(Checked {
            name: checked.rules.meta.name.clone(),
            warnings: checked.warnings.iter().map(Finding::from).collect(),
            sheet: rule_sheet(&checked.rules),
        })
        .into_response())
    })
    .await
}

/// A house of the mover's row that may not be played, and why.
#[derive(Serialize)]
struct Refusal {
    house: String,
    reason: String,
}

/// One step of a move, for the page's animation: what happened, where,
/// and the step in words.
#[derive(Serialize)]
struct Step {
    kind: &'static str,
    /// The house it happened at (house order), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<usize>,
    /// The store it happened at, `south` or `north`, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    store: Option<&'static str>,
    /// The seeds there after a drop, or the seeds lifted, taken or collected.
    #[serde(skip_serializing_if = "Option::is_none")]
    seeds: Option<u8>,
    text: String,
}

fn step(event: &Event, layout: Layout) -> Step {
    let place = |place: usize| {
        if place == STORE[0] {
            (None, Some("south"))
        } else if place == STORE[1] {
            (None, Some("north"))
        } else {
            (Some(place), None)
        }
    };
    let (kind, (house, store), seeds) = match *event {
        Event::Lift { house, seeds } => ("lift", place(house), Some(seeds)),
        Event::Drop { house, now } => ("drop", place(house), Some(now)),
        Event::SkipOrigin { house } | Event::SkipBlocked { house } | Event::Skip { house } => {
            ("skip", place(house), None)
        }
        Event::Relay { house, seeds } => ("relay", place(house), Some(seeds)),
        Event::Capture { house, seeds } => ("capture", place(house), Some(seeds)),
        Event::Child { house, .. }
        | Event::Ram { house, .. }
        | Event::Close { house }
        | Event::Mark { house } => ("mark", place(house), None),
        Event::StopOffered { house } | Event::ReverseOffered { house } => {
            ("offer", place(house), None)
        }
        Event::OutOfPlay { house } => ("out", place(house), None),
        Event::Give { house, now, .. } | Event::Place { house, now } => {
            ("drop", place(house), Some(now))
        }
        Event::Share { to, .. } => ("drop", place(to), Some(1)),
        Event::Spill { house } => ("out", house.map_or((None, None), place), None),
        Event::Collect { seeds, .. } | Event::BearOff { seeds, .. } => {
            ("collect", (None, None), Some(seeds))
        }
        Event::ExtraTurn { .. } => ("again", (None, None), None),
        Event::Pass { .. } => ("pass", (None, None), None),
        Event::GrandSlam { .. }
        | Event::GameOver { .. }
        | Event::RoundOver { .. }
        | Event::BearingOff => ("note", (None, None), None),
    };
    Step {
        kind,
        house,
        store,
        seeds,
        text: event.describe(layout),
    }
}

/// A house as the page draws it: its seeds and what the position keeps
/// on it beside them.
#[derive(Serialize)]
struct HouseView {
    label: String,
    seeds: u8,
    /// Who owns it now, `south` or `north`: its row's player unless it
    /// changed hands between rounds (territory).
    owner: &'static str,
    /// Whose child it is (`south` or `north`): its seeds are kept for that
    /// player and it is never played. Null for an ordinary house or a ram.
    child: Option<&'static str>,
    /// A ram: nobody's, never played, its seeds counted for nobody.
    ram: bool,
    /// Closed for the rest of the game (or round): nothing is sown into it.
    blocked: bool,
    /// Played already, where every house must be played once before any
    /// is played again.
    played: bool,
    /// Marked by its owner (a relay lap ending there may stop).
    marked: bool,
}

fn house_view(position: &Position, house: usize) -> HouseView {
    let child = position.child_of(house).map(Side::name);
    HouseView {
        label: position.layout().label(house).to_string(),
        seeds: position.houses()[house],
        owner: position.owner(house).name(),
        child,
        ram: position.rams() >> house & 1 != 0,
        blocked: position.is_blocked(house),
        played: position.played_houses() >> house & 1 != 0,
        marked: position.marked_houses() >> house & 1 != 0,
    }
}

/// A legal move and where on the board it is played.
#[derive(Serialize)]
struct MoveView {
    /// The move, in the notation (as in `legal`).
    #[serde(rename = "move")]
    mv: String,
    /// The house it is played from (house order); null for a move from
    /// the store (`*K`) or one that only takes houses.
    house: Option<usize>,
    /// The way the mover chose to sow, `clockwise` or
    /// `counter-clockwise`; null where the rules say the way.
    direction: Option<&'static str>,
}

/// The house a move is played from, if any.
fn house_of(mv: Move, layout: Layout) -> Option<usize> {
    if mv.store_seeds().is_some() || mv.takes_only() {
        return None;
    }
    layout.house(mv.label())
}

fn move_view(mv: Move, layout: Layout) -> MoveView {
    MoveView {
        mv: mv.to_string(),
        house: house_of(mv, layout),
        direction: mv.direction().map(sow::board::Direction::name),
    }
}

/// A game as the page draws it.
#[derive(Serialize)]
struct View {
    id: String,
    variant: String,
    /// The game's own name (`Toguz Kumalak`), or the variant's name where
    /// its file gives none.
    title: String,
    /// Whether the rules came from the editor.
    edited: bool,
    houses_per_side: usize,
    /// Each house's label, in house order (South's `A`…, then North's `a`…).
    labels: Vec<String>,
    /// The houses cell by cell as South sees the board, the rows from the
    /// bottom (South's back row) up, each from South's left: how the page
    /// lays out two, three or four rows.
    grid: Vec<Vec<usize>>,
    /// Each house's seeds, in house order.
    board: Vec<u8>,
    /// The stores, `[south, north]`.
    stores: [u8; 2],
    /// Whether the stores hold what each player has in hand (boards of
    /// three and four rows), rather than what they have captured.
    hands: bool,
    /// Each house, in house order: its label, seeds, owner, and the marks
    /// the position keeps on it (children, rams, blocked, played, marked).
    houses: Vec<HouseView>,
    /// What the position keeps beside the seeds, in words, as `sow replay`
    /// prints it under a board: `Children: A is North's, c is South's`,
    /// `Blocked: a, b`, the state words (`Feed: …`). Empty where it keeps
    /// nothing more.
    notes: Vec<String>,
    /// In a match of rounds: the round being played, from 1.
    round: Option<usize>,
    /// In a match of rounds: the round and the match's score in words,
    /// `Round 3 of the match; rounds won: South 1, North 1 (2 win the
    /// match)`.
    match_line: Option<String>,
    /// In a match played to a goal: each player's tally, `[south, north]`
    /// (rounds won, points or seeds, as the variant counts them).
    tally: Option<[u16; 2]>,
    /// `south` or `north`; null once the game is over.
    to_move: Option<&'static str>,
    over: bool,
    /// Whose turn it is, or how the game ended, as `sow play` says it.
    status: String,
    /// The final score, `[south, north]`, once the game is over.
    score: Option<[u32; 2]>,
    /// Who plays South and North.
    players: [String; 2],
    /// The legal moves, in the notation.
    legal: Vec<String>,
    /// The legal moves again, each with its house and chosen direction.
    moves: Vec<MoveView>,
    /// Each other house of the mover's row, and why it may not be played.
    refused: Vec<Refusal>,
    /// The position, in the notation `sow moves --from` reads.
    position: String,
    /// The record so far, in the notation, numbered as the CLI numbers it.
    record: String,
    /// The ply shown (the game's moves up to it are on the board).
    ply: usize,
    /// The moves of the whole game.
    plies: usize,
}

fn tags(session: &Session) -> Vec<(&'static str, String)> {
    let mut tags = vec![
        ("Variant", session.game.rules().meta.name.clone()),
        ("South", session.seats[0].name()),
        ("North", session.seats[1].name()),
        ("Date", crate::cli::today()),
    ];
    if session.seats.iter().any(|s| *s != Seat::Person) {
        tags.push(("Seed", session.seed.to_string()));
    }
    tags
}

fn view(id: u64, session: &Session, game: &Game) -> View {
    let position = game.position();
    let n = position.houses_per_side();
    let over = game.is_over();
    let refused = if over {
        Vec::new()
    } else {
        game.engine()
            .verdicts(position)
            .into_iter()
            .filter(|(_, verdict)| *verdict != Verdict::Legal)
            .map(|(mv, verdict)| Refusal {
                house: mv.label().to_string(),
                reason: verdict.describe(),
            })
            .collect()
    };
    let layout = position.layout();
    let meta = &game.rules().meta;
    let legal = game.legal_moves();
    let in_match = game
        .rules()
        .rounds
        .as_ref()
        .is_some_and(|r| r.match_to.is_some());
    View {
        id: format!("{id:x}"),
        variant: meta.name.clone(),
        title: meta.title.clone().unwrap_or_else(|| meta.name.clone()),
        edited: session.edited,
        houses_per_side: n,
        labels: (0..2 * n)
            .map(|h| position.layout().label(h).to_string())
            .collect(),
        grid: position.layout().grid(),
        board: position.houses().to_vec(),
        stores: position.stores(),
        hands: !layout.single_row(),
        houses: (0..2 * n).map(|h| house_view(position, h)).collect(),
        notes: notes(position),
        round: game.round(),
        match_line: match_line(game),
        tally: in_match.then(|| game.tally()),
        to_move: (!over).then(|| position.to_move().name()),
        over,
        status: status(game),
        score: game.outcome().map(|o| o.score),
        players: [session.seats[0].name(), session.seats[1].name()],
        legal: legal.iter().map(|m| m.to_string()).collect(),
        moves: legal.iter().map(|m| move_view(m, layout)).collect(),
        refused,
        position: position.to_string(),
        record: record_of(game, &tags(session)).to_string(),
        ply: game.plies(),
        plies: session.game.plies(),
    }
}

/// What `POST /api/games` asks for: a shipped variant by name, or the
/// editor's text, and the players.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    variant: Option<String>,
    toml: Option<String>,
    south: Option<String>,
    north: Option<String>,
    seed: Option<u64>,
}

/// A new game's view, with the variant's rule sheet.
#[derive(Serialize)]
struct Started {
    #[serde(flatten)]
    view: View,
    sheet: String,
}

fn seats(south: Option<&str>, north: Option<&str>) -> Result<[Seat; 2], ApiError> {
    let seat = |name: Option<&str>, default: &str| {
        Seat::parse(name.unwrap_or(default)).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e))
    };
    Ok([seat(south, "human")?, seat(north, "random")?])
}

/// The engine of the rules a request names: the editor's text, or else a
/// shipped name.
fn chosen_rules(
    state: &State,
    variant: Option<&str>,
    toml: Option<&str>,
) -> Result<(Arc<Engine>, bool), ApiError> {
    match (variant, toml) {
        (_, Some(text)) => {
            within_limit(text, "variant file")?;
            not_empty(text)?;
            let rules = Rules::from_toml(text, EDITOR_ORIGIN).map_err(|e| ApiError::variant(&e))?;
            Ok((Engine::new(rules), true))
        }
        (Some(name), None) => Ok((Arc::clone(&find_shipped(state, name)?.engine), false)),
        (None, None) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "name a shipped variant (`variant`) or send a variant file (`toml`)",
        )),
    }
}

fn started(state: &State, session: Session) -> Result<Response, ApiError> {
    let view_of = |id| view(id, &session, &session.game);
    let sheet = rule_sheet(session.game.rules());
    let id = state.games.add(session.clone())?;
    Ok(Json(Started {
        view: view_of(id),
        sheet,
    })
    .into_response())
}

/// `POST /api/games`: starts a game.
pub async fn new_game(
    Shared(state): Shared<Arc<State>>,
    Body(request): Body<NewGame>,
) -> Result<Response, ApiError> {
    let seats = seats(request.south.as_deref(), request.north.as_deref())?;
    blocking(move || {
        let (engine, edited) =
            chosen_rules(&state, request.variant.as_deref(), request.toml.as_deref())?;
        let seed = request.seed.unwrap_or_else(sow::rng::fresh_seed);
        // A start dealt at random, where the variant says so, from the seed.
        let start = engine.rules().start_drawn(&mut sow::rng::Rng::new(seed));
        let game = Game::from_position(&engine, start).map_err(|e| broken(e.to_string()))?;
        let session = Session {
            game,
            edited,
            seats,
            seed,
        };
        started(&state, session)
    })
    .await
}

/// What `POST /api/records` asks for: a record's text, and the variant it
/// is played under when it has no `[Variant]` tag (or the editor's text).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upload {
    text: String,
    variant: Option<String>,
    toml: Option<String>,
}

/// `POST /api/records`: replays the last game of a record, checking every
/// move, and keeps it as a game to step through and play on (both seats
/// human).
pub async fn upload_record(
    Shared(state): Shared<Arc<State>>,
    Body(upload): Body<Upload>,
) -> Result<Response, ApiError> {
    within_limit(&upload.text, "record")?;
    blocking(move || {
        let records = parse_records(&upload.text, UPLOAD_ORIGIN).map_err(|e| {
            let located = &e.0;
            ApiError {
                at: Some((located.line, located.column)),
                ..ApiError::new(StatusCode::BAD_REQUEST, e.to_string())
            }
        })?;
        let number = records.len();
        let record = records
            .last()
            .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, "the record holds no game"))?;
        let at = crate::cli::GameAt {
            origin: UPLOAD_ORIGIN,
            number,
        };
        if record.moves.len() > MAX_PLIES {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                at.say(
                    None,
                    format!(
                        "the game holds {} moves; the playground keeps at most {MAX_PLIES}",
                        record.moves.len()
                    ),
                ),
            ));
        }
        // The editor's rules, or the record's tag, or the page's variant.
        let given = match (&upload.toml, record.tag("Variant")) {
            (Some(_), _) | (None, None) => {
                Some(chosen_rules(&state, upload.variant.as_deref(), upload.toml.as_deref())?.0)
            }
            (None, Some(_)) => None,
        };
        let choice = VariantChoice::new(given);
        let engine = choice
            .engine_for(record)
            .map_err(|e| ApiError::rule(at.say(None, e)))?;
        let replay = record.replay(engine).map_err(|e| {
            let status = if e.is_rule_error() {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::BAD_REQUEST
            };
            ApiError {
                at: e.location(),
                ..ApiError::new(status, at.say(e.location(), &e))
            }
        })?;
        let session = Session {
            game: replay.game,
            edited: upload.toml.is_some(),
            seats: [Seat::Person, Seat::Person],
            seed: sow::rng::fresh_seed(),
        };
        started(&state, session)
    })
    .await
}

/// The ply a game's view is asked at: `ply=N` in the query, the only
/// parameter a view takes, given at most once; none for the whole game.
/// A ply past the game's end shows its end.
fn ply_asked(query: Option<&str>) -> Result<Option<usize>, ApiError> {
    let bad = |message: String| ApiError::new(StatusCode::BAD_REQUEST, message);
    let mut ply = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name != "ply" {
            return Err(bad(format!(
                "a game's view takes one parameter, `ply`, not `{}`",
                sow::diagnostic::excerpt(name)
            )));
        }
        if ply.is_some() {
            return Err(bad("`ply` is given twice".to_string()));
        }
        let n = value
            .parse::<u32>()
            .ok()
            .filter(|_| value.bytes().all(|b| b.is_ascii_digit()));
        let Some(n) = n else {
            return Err(bad(format!(
                "`ply` is a number of moves from 0 to {}, not `{}`",
                u32::MAX,
                sow::diagnostic::excerpt(value)
            )));
        };
        ply = Some(n as usize);
    }
    Ok(ply)
}

/// `GET /api/games/{id}`: the game's view, at ply `?ply=N` if given.
pub async fn show(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let ply = ply_asked(query.as_deref())?;
    let session = state.games.get(id)?;
    blocking(move || {
        let view = match ply {
            Some(_) => view(id, &session, &session.game_at(ply)),
            None => view(id, &session, &session.game),
        };
        Ok(Json(view).into_response())
    })
    .await
}

/// A move as `POST /api/games/{id}/move` asks for it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

/// What a move did, and the game after it.
#[derive(Serialize)]
struct Played {
    /// The move, in the notation.
    #[serde(rename = "move")]
    mv: String,
    /// Who played it: `south` or `north`.
    mover: &'static str,
    /// What it did, in one line, as `sow play` says it.
    summary: String,
    /// Each step, for the animation.
    steps: Vec<Step>,
    view: View,
}

/// Plays `mv` (or, when `None`, the computer's choice) on game `id`.
/// Plays the person's move `mv` (with the capture its mark claims, if
/// any), or the computer's where `mv` is `None`.
async fn play_on(
    state: Arc<State>,
    id: u64,
    mv: Option<(Move, Option<u32>)>,
) -> Result<Response, ApiError> {
    let session = state.games.get(id)?;
    let (played, after) = blocking(move || {
        let before_moves = session.moves();
        // The session is this request's copy: its game is played on.
        let mut game = session.game;
        if game.is_over() {
            return Err(ApiError::rule("the game is over"));
        }
        if game.plies() >= MAX_PLIES.min(MAX_RECORD_MOVES) {
            return Err(ApiError::rule(format!(
                "the game has reached {}, the most the playground keeps",
                counted(game.plies() as u64, "move")
            )));
        }
        let mover = game.position().to_move();
        let seat = session.seats[mover.index()].clone();
        let (mv, claimed) = match (mv, seat) {
            (Some(marked), Seat::Person) => marked,
            (None, Seat::Computer(spec)) => {
                let mut player = computer(spec, session.seed.wrapping_add(game.plies() as u64));
                (player.choose(&game), None)
            }
            (Some(_), Seat::Computer(spec)) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!("it is {mover}'s turn, and the computer ({spec}) plays {mover}"),
                ));
            }
            (None, Seat::Person) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!("it is {mover}'s turn, and a person plays {mover}"),
                ));
            }
        };
        let before = game.position().clone();
        let mut events: Vec<Event> = Vec::new();
        let effect = game
            .play(mv, &mut events)
            .map_err(|e| ApiError::rule(e.to_string()))?;
        // A wrong mark refuses the move: the game played on is this
        // request's copy, so the stored one is left as it was.
        check_capture_mark(mv, claimed, effect.captured as u32).map_err(ApiError::rule)?;
        let layout = before.layout();
        let after = Session { game, ..session };
        let played = Played {
            mv: mv.to_string(),
            mover: mover.name(),
            summary: summarise(&before, mv, &events),
            steps: events.iter().map(|e| step(e, layout)).collect(),
            view: view(id, &after, &after.game),
        };
        Ok((played, (before_moves, after)))
    })
    .await?;
    let (before, after) = after;
    state.games.update(id, &before, after)?;
    Ok(Json(played).into_response())
}

/// `POST /api/games/{id}/move`: a person's move, `{"move": "C"}`.
pub async fn play_move(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    Body(request): Body<MoveRequest>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let marked = parse_move(&request.mv).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "`{}` is not a move: {e}",
                sow::diagnostic::excerpt(&request.mv)
            ),
        )
    })?;
    play_on(state, id, Some(marked)).await
}

/// `POST /api/games/{id}/computer`: the computer player to move plays.
pub async fn computer_move(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    play_on(state, id, None).await
}

/// What an undo took back.
#[derive(Serialize)]
struct Undone {
    /// The moves taken back, the last first, as `South F`.
    taken: Vec<String>,
    /// In one line, as `sow play` says it.
    message: String,
    view: View,
}

/// `POST /api/games/{id}/undo`: takes back the last move of a person and
/// the computer's replies after it (the last move of all when no person
/// plays).
pub async fn undo(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let session = state.games.get(id)?;
    let (undone, before, after) = blocking(move || {
        let before = session.moves();
        let mut game = session.game.clone();
        let nobody = session.seats.iter().all(|s| *s != Seat::Person);
        let taken = game.undo_turn(|side| nobody || session.is_person(side));
        let taken: Vec<String> = taken
            .iter()
            .map(|mv| match mv.store_seeds() {
                // A store move names no side: its mover's store.
                Some(_) => mv.to_string(),
                None => format!("{} {mv}", mv.side()),
            })
            .collect();
        let message = if taken.is_empty() {
            "nothing to undo".to_string()
        } else {
            format!(
                "took back {}: {}",
                counted(taken.len() as u64, "move"),
                taken.join(", ")
            )
        };
        let after = Session { game, ..session };
        let undone = Undone {
            taken,
            message,
            view: view(id, &after, &after.game),
        };
        Ok((undone, before, after))
    })
    .await?;
    state.games.update(id, &before, after)?;
    Ok(Json(undone).into_response())
}

/// A hint for the side to move.
#[derive(Serialize)]
struct Hint {
    #[serde(rename = "move")]
    mv: String,
    /// The house it is played from (house order), if any: the page marks it.
    house: Option<usize>,
    depth: u32,
    /// The evaluation for the side to move, in words.
    evaluation: String,
    /// In one line, as `sow play` says it.
    text: String,
}

/// `GET /api/games/{id}/hint`: the alpha-beta player's choice.
pub async fn hint(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let session = state.games.get(id)?;
    blocking(move || {
        let game = &session.game;
        let analysis = sow::players::hint_player(session.seed)
            .within(MAX_THINKING)
            .analyse(game)
            .ok_or_else(|| ApiError::rule("no hint: the game is over"))?;
        let side = game.position().to_move();
        Ok(Json(Hint {
            mv: analysis.mv.to_string(),
            house: house_of(analysis.mv, game.position().layout()),
            depth: analysis.depth,
            evaluation: analysis.describe(),
            text: format!(
                "hint: {} (alpha-beta, depth {}: {} for {side})",
                analysis.mv,
                analysis.depth,
                analysis.describe()
            ),
        })
        .into_response())
    })
    .await
}

/// New players for a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    south: String,
    north: String,
}

/// `POST /api/games/{id}/players`: who plays each side from now on.
pub async fn set_players(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    Body(players): Body<Players>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let seats = seats(Some(&players.south), Some(&players.north))?;
    let session = state.games.get(id)?;
    let before = session.moves();
    let after = Session { seats, ..session };
    state.games.update(id, &before, after.clone())?;
    blocking(move || Ok(Json(view(id, &after, &after.game)).into_response())).await
}

/// `GET /api/games/{id}/record`: the record, as a `.sow` file.
pub async fn record(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let session = state.games.get(id)?;
    blocking(move || {
        let text = record_of(&session.game, &tags(&session)).to_string();
        let name = file_name(&session.game.rules().meta.name);
        Ok((
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}.sow\""),
                ),
            ],
            text,
        )
            .into_response())
    })
    .await
}

/// The most characters of a variant's name a record's file name keeps.
const MAX_FILE_NAME: usize = 64;

/// A record's file name from its variant's name: its letters, digits, `-`
/// and `_`, at most [`MAX_FILE_NAME`] of them (`game` when none is left),
/// safe in a `Content-Disposition` header and on every file system.
fn file_name(variant: &str) -> String {
    let name: String = variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(MAX_FILE_NAME)
        .collect();
    if name.is_empty() {
        "game".to_string()
    } else {
        name
    }
}
