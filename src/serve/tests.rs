//! The API's answers, through the router itself: status codes, limits, and
//! what the page relies on.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use super::games::{IDLE, MAX_GAMES, MAX_PLIES};
use super::{MAX_BODY_BYTES, MAX_TEXT_BYTES, State, router};

fn app() -> Router {
    router(Arc::new(State::new(MAX_GAMES, IDLE)))
}

/// What a request got: the status, the content type, and the body as JSON
/// (a JSON string when the body is not JSON).
async fn send(app: &Router, request: Request<Body>) -> (StatusCode, String, Value) {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let value = if kind.contains("json") {
        serde_json::from_str(&text).expect("a JSON answer parses")
    } else {
        Value::String(text)
    };
    (status, kind, value)
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let (status, _, value) = send(app, request).await;
    (status, value)
}

async fn post_raw(app: &Router, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap();
    let (status, _, value) = send(app, request).await;
    (status, value)
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    post_raw(app, uri, body.to_string()).await
}

async fn new_game(app: &Router, body: Value) -> Value {
    let (status, game) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

fn error(value: &Value) -> &str {
    value["error"].as_str().expect("an error message")
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = app();
    for (uri, kind, holds) in [
        ("/", "text/html", "aria-label=\"Variant file\""),
        ("/app.js", "text/javascript", "/api/games"),
        ("/style.css", "text/css", "#board"),
    ] {
        let request = Request::get(uri).body(Body::empty()).unwrap();
        let (status, content_type, body) = send(&app, request).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(content_type.starts_with(kind), "{uri}: {content_type}");
        assert!(body.as_str().unwrap().contains(holds), "{uri}");
    }
    let (status, body) = get(&app, "/etc/passwd").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error(&body), "no such page");
}

#[tokio::test]
async fn every_shipped_variant_is_listed_with_its_file() {
    let app = app();
    let (status, list) = get(&app, "/api/variants").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    let shipped = sow::rules::builtin_rules();
    assert_eq!(names.len(), shipped.len());
    for rules in &shipped {
        assert!(
            names.contains(&rules.meta.name.as_str()),
            "{}",
            rules.meta.name
        );
    }
    let (status, text) = get(&app, "/api/variants/kalah/toml").await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.as_str().unwrap().contains("name = \"kalah\""));
    // Only shipped names: a path is not a variant.
    let (status, body) = get(&app, "/api/variants/..%2FCargo.toml/toml").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        error(&body).starts_with("no shipped variant named"),
        "{body}"
    );
}

/// The store keeps each game live; a view at an earlier ply is the live
/// game taken back to it, and must be the view the game had then.
#[tokio::test]
async fn a_view_at_an_earlier_ply_is_the_one_the_game_had_then() {
    let app = app();
    let game = new_game(
        &app,
        json!({"variant": "wouri", "south": "random", "north": "random", "seed": 3}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    let mut seen = vec![game];
    for _ in 0..12 {
        let (status, played) = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{played}");
        seen.push(played["view"].clone());
    }
    for (ply, then) in seen.iter().enumerate() {
        let (status, now) = get(&app, &format!("/api/games/{id}?ply={ply}")).await;
        assert_eq!(status, StatusCode::OK, "{now}");
        for field in [
            "board", "stores", "to_move", "legal", "refused", "position", "ply", "houses", "notes",
            "moves", "round",
        ] {
            assert_eq!(now[field], then[field], "ply {ply}: {field}");
        }
        assert_eq!(now["plies"], 12);
    }
}

#[tokio::test]
async fn a_game_is_played_undone_and_recorded() {
    let app = app();
    let game = new_game(&app, json!({"variant": "kalah", "north": "human"})).await;
    assert_eq!(game["board"], json!([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(game["to_move"], "south");
    assert!(
        game["sheet"]
            .as_str()
            .unwrap()
            .starts_with("Kalah (kalah, also")
    );
    let id = game["id"].as_str().unwrap();

    let (status, played) = post(&app, &format!("/api/games/{id}/move"), json!({"move": "C"})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["summary"], "South plays C: South moves again");
    assert_eq!(played["view"]["to_move"], "south");
    assert_eq!(played["view"]["stores"], json!([1, 0]));
    let steps = played["steps"].as_array().unwrap();
    assert_eq!(steps[0]["kind"], "lift");
    assert_eq!(steps[0]["house"], 2);
    assert_eq!(steps.last().unwrap()["kind"], "again");
    assert!(
        steps
            .iter()
            .any(|s| s["kind"] == "drop" && s["store"] == "south" && s["seeds"] == 1)
    );

    let (status, played) = post(&app, &format!("/api/games/{id}/move"), json!({"move": "F"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        played["view"]["record"]
            .as_str()
            .unwrap()
            .contains("1. C F *")
    );

    let (status, undone) = post(&app, &format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    // Both seats are people: one move back.
    assert_eq!(undone["message"], "took back 1 move: South F");
    assert_eq!(undone["view"]["plies"], 1);

    let request = Request::get(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_DISPOSITION],
        "attachment; filename=\"kalah.sow\""
    );
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    assert!(
        text.contains("[Variant \"kalah\"]") && text.contains("1. C *"),
        "{text}"
    );

    let (status, at) = get(&app, &format!("/api/games/{id}?ply=0")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (at["ply"].clone(), at["plies"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(at["board"][2], 4);

    let (status, hint) = get(&app, &format!("/api/games/{id}/hint")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hint["depth"], 6);
    assert!(hint["text"].as_str().unwrap().starts_with("hint: "));
}

#[tokio::test]
async fn illegal_moves_and_turns_are_refused_with_a_reason() {
    let app = app();
    let game = new_game(
        &app,
        json!({"variant": "oware", "north": "greedy", "seed": 7}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let to = |path: &str| format!("/api/games/{id}/{path}");

    // The computer does not move for a person.
    let (status, body) = post(&app, &to("computer"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error(&body), "it is South's turn, and a person plays South");
    let (status, body) = post(&app, &to("move"), json!({"move": "a"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&body), "a is North's house, and it is South's turn");
    let (status, body) = post(&app, &to("move"), json!({"move": "Q"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error(&body).starts_with("there is no house Q"), "{body}");
    let (status, body) = post(&app, &to("move"), json!({"move": "C!"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&body).starts_with("`C!` is not a move"), "{body}");

    // A capture mark is checked: C captures nothing at the start, and a
    // wrong mark leaves the game as it was.
    let (status, body) = post(&app, &to("move"), json!({"move": "Cx9"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&body), "the mark says Cx9, but C captures 0");
    let (_, view) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(view["plies"], 0);

    let (status, _) = post(&app, &to("move"), json!({"move": "Cx0"})).await;
    assert_eq!(status, StatusCode::OK);
    // North is the computer's: a person's move is refused, the computer's played.
    let (status, body) = post(&app, &to("move"), json!({"move": "a"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        error(&body),
        "it is North's turn, and the computer (greedy) plays North"
    );
    let (status, played) = post(&app, &to("computer"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(played["mover"], "north");
    assert_eq!(played["view"]["to_move"], "south");
    // C is empty now.
    let (status, body) = post(&app, &to("move"), json!({"move": "C"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&body), "C cannot be played: the house is empty");
    assert!(
        played["view"]["refused"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["house"] == "C" && r["reason"] == "the house is empty")
    );
    // Undo against a computer takes back its reply too.
    let (_, undone) = post(&app, &to("undo"), json!({})).await;
    assert_eq!(undone["taken"].as_array().unwrap().len(), 2);
    assert_eq!(undone["view"]["plies"], 0);
}

#[tokio::test]
async fn bad_requests_get_a_4xx_and_a_message() {
    let app = app();
    let cases = [
        (
            json!({"variant": "nosuch"}),
            StatusCode::NOT_FOUND,
            "no shipped variant named `nosuch`",
        ),
        (json!({}), StatusCode::BAD_REQUEST, "name a shipped variant"),
        (
            json!({"variant": "oware", "south": "wizard"}),
            StatusCode::BAD_REQUEST,
            "bad player `wizard`",
        ),
        (
            json!({"variant": "oware", "north": "alphabeta:20"}),
            StatusCode::BAD_REQUEST,
            "`alphabeta:20` thinks too long for the playground",
        ),
        (
            json!({"variant": "oware", "north": "mcts:100000"}),
            StatusCode::BAD_REQUEST,
            "`mcts:100000` thinks too long",
        ),
        (
            json!({"variant": "oware", "path": "/etc"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown field `path`",
        ),
        (
            json!({"variant": 3}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid type",
        ),
    ];
    for (body, status, message) in cases {
        let (got, answer) = post(&app, "/api/games", body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(error(&answer).contains(message), "{body}: {answer}");
    }
    let (status, answer) = post_raw(&app, "/api/games", "{\"variant\": ").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("EOF while parsing"), "{answer}");
    // Not JSON at all: the content type is required.
    let request = Request::post("/api/games")
        .body(Body::from("variant=oware"))
        .unwrap();
    let (status, _, answer) = send(&app, request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error(&answer).contains("Content-Type"), "{answer}");
    // Games that do not exist, and ids that are not ids.
    for uri in [
        "/api/games/0",
        "/api/games/zzz",
        "/api/games/%2Fetc%2Fpasswd",
    ] {
        let (status, answer) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(error(&answer).starts_with("no such game"), "{answer}");
    }
}

#[tokio::test]
async fn texts_are_limited_to_one_mebibyte() {
    let app = app();
    // A comment makes a file too long without making it anything else.
    let long = format!("#{}\n", "x".repeat(MAX_TEXT_BYTES));
    for (uri, body) in [
        ("/api/check", json!({ "toml": long })),
        ("/api/games", json!({ "toml": long })),
        ("/api/records", json!({ "text": long, "variant": "oware" })),
    ] {
        let (status, answer) = post(&app, uri, body).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{uri}");
        assert!(error(&answer).contains("at most 1048576 bytes"), "{answer}");
    }
    // A body beyond the limit is not even read.
    let huge = format!("{{\"toml\": \"{}\"}}", "x".repeat(MAX_BODY_BYTES));
    let (status, answer) = post_raw(&app, "/api/check", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        error(&answer).starts_with("the request is too large"),
        "{answer}"
    );
    // Just under the limit, a file is read (and judged on its content).
    let fits = format!("#{}\n", "x".repeat(MAX_TEXT_BYTES - 10));
    let (status, answer) = post(&app, "/api/check", json!({ "toml": fits })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error(&answer).contains("missing field `variant`"),
        "{answer}"
    );
}

#[tokio::test]
async fn the_editor_is_checked_and_played_without_a_file() {
    let app = app();
    let kalah = sow::rules::BUILTIN
        .iter()
        .find(|(file, _)| *file == "kalah.toml")
        .unwrap()
        .1;
    // The shipped file as it is answers to a shipped name.
    let (status, answer) = post(&app, "/api/check", json!({"toml": kalah})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let copy = kalah
        .replace("name = \"kalah\"", "name = \"kalah-three\"")
        .replace("aliases = [\"kalaha\", \"mancala\"]", "aliases = []")
        .replace("seeds_per_house = 4", "seeds_per_house = 3");
    let (status, answer) = post(&app, "/api/check", json!({"toml": copy})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["name"], "kalah-three");
    assert!(answer["sheet"].as_str().unwrap().contains("36 seeds"));

    let broken = copy.replace("[capture]", "[captur]");
    let line = broken.lines().position(|l| l == "[captur]").unwrap() + 1;
    let (status, answer) = post(&app, "/api/check", json!({"toml": broken})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["line"], line);
    assert_eq!(answer["column"], 2);
    assert!(
        error(&answer).starts_with(&format!("variant.toml:{line}:2: unknown field `captur`")),
        "{answer}"
    );
    let (status, answer) = post(&app, "/api/games", json!({"toml": broken})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["line"], line);

    let game = new_game(&app, json!({"toml": copy, "north": "human"})).await;
    assert_eq!(game["variant"], "kalah-three");
    assert_eq!(game["edited"], true);
    assert_eq!(game["board"][0], 3);
    let id = game["id"].as_str().unwrap();
    let (status, played) = post(&app, &format!("/api/games/{id}/move"), json!({"move": "D"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(played["summary"], "South plays D: South moves again");
}

#[tokio::test]
async fn records_are_uploaded_and_checked() {
    let app = app();
    let text = "[Variant \"oware\"]\n\n1. C b 2. D *\n";
    let (status, game) = post(&app, "/api/records", json!({ "text": text })).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (game["ply"].clone(), game["plies"].clone()),
        (json!(3), json!(3))
    );
    assert_eq!(game["players"], json!(["human", "human"]));

    // The page's variant when the record names none.
    let (status, game) = post(
        &app,
        "/api/records",
        json!({"text": "1. C *", "variant": "kalah"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["variant"], "kalah");

    let (status, answer) = post(
        &app,
        "/api/records",
        json!({"text": "[Variant \"oware\"]\n\n1. C C *\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error(&answer).starts_with("upload.sow:3:6: game 1: "),
        "{answer}"
    );
    assert_eq!(
        (answer["line"].clone(), answer["column"].clone()),
        (json!(3), json!(6))
    );

    let (status, answer) = post(
        &app,
        "/api/records",
        json!({"text": "1. @ *", "variant": "oware"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).starts_with("upload.sow:1:"), "{answer}");

    // No longer a game than the playground keeps.
    let long = format!("[Variant \"kalah\"]\n\n{}*\n", "A ".repeat(MAX_PLIES + 1));
    let (status, answer) = post(&app, "/api/records", json!({ "text": long })).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(
        error(&answer).ends_with("the playground keeps at most 10000"),
        "{answer}"
    );

    // A tag names a shipped variant, never a file.
    let (status, answer) = post(
        &app,
        "/api/records",
        json!({"text": "[Variant \"Cargo.toml\"]\n\n1. C *\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error(&answer).contains("the tag must name a shipped variant"),
        "{answer}"
    );
}

#[tokio::test]
async fn games_are_capped_and_forgotten() {
    let app = router(Arc::new(State::new(2, IDLE)));
    for _ in 0..2 {
        new_game(&app, json!({"variant": "oware"})).await;
    }
    let (status, answer) = post(&app, "/api/games", json!({"variant": "oware"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        error(&answer).contains("as many games as it may"),
        "{answer}"
    );

    // Idle games are forgotten, and make room.
    let state = Arc::new(State::new(2, Duration::from_millis(50)));
    let app = router(Arc::clone(&state));
    let first = new_game(&app, json!({"variant": "oware"})).await;
    new_game(&app, json!({"variant": "oware"})).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = get(
        &app,
        &format!("/api/games/{}", first["id"].as_str().unwrap()),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for _ in 0..2 {
        new_game(&app, json!({"variant": "oware"})).await;
    }
    assert_eq!(state.games.len(), 2);
}

#[tokio::test]
async fn a_computer_plays_a_whole_game_within_the_server_caps() {
    let app = app();
    let game = new_game(
        &app,
        json!({"variant": "kalah", "south": "alphabeta:2", "north": "mcts:50", "seed": 1}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    let mut last = game;
    for _ in 0..500 {
        let (status, played) = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{played}");
        last = played["view"].clone();
        if last["over"] == true {
            break;
        }
    }
    assert_eq!(last["over"], true);
    let score = last["score"].as_array().unwrap();
    assert_eq!(score[0].as_u64().unwrap() + score[1].as_u64().unwrap(), 48);
    assert!(last["record"].as_str().unwrap().contains("[Seed \"1\"]"));
    let (status, answer) = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error(&answer), "the game is over");
    // Players can be changed mid-game, within the caps.
    let (status, answer) = post(
        &app,
        &format!("/api/games/{id}/players"),
        json!({"south": "alphabeta:5000ms", "north": "human"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("thinks too long"), "{answer}");
}

/// The page's "Edit a copy": the first `name` renamed, the aliases dropped.
fn copy_of(text: &str) -> String {
    let mut renamed = false;
    text.lines()
        .filter(|line| !line.starts_with("aliases = ["))
        .map(|line| match line.strip_prefix("name = \"") {
            Some(rest) if !renamed => {
                renamed = true;
                format!("name = \"{}", rest.replacen('"', "-copy\"", 1))
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn every_shipped_variant_is_played_edited_and_checked() {
    let app = app();
    let (_, list) = get(&app, "/api/variants").await;
    for (i, variant) in list.as_array().unwrap().iter().enumerate() {
        let name = variant["name"].as_str().unwrap();
        let (status, text) = get(&app, &format!("/api/variants/{name}/toml")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        let copy = copy_of(text.as_str().unwrap());
        // `check` searches for games that end early (its warnings), up to
        // a second a file in a debug build: the rule documents' variants
        // and a sample of the catalogue's are checked here (every shipped
        // file's warnings are tested in src/warnings.rs), and every copy
        // compiles below, when it is played.
        if i < sow::rules::BUILTIN.len() || i % 8 == 0 {
            let (status, checked) = post(&app, "/api/check", json!({ "toml": copy })).await;
            assert_eq!(status, StatusCode::OK, "{name}: {checked}");
            assert_eq!(checked["name"], format!("{name}-copy"));
        }
        for source in [json!({ "variant": name }), json!({ "toml": copy })] {
            let mut request = source.clone();
            request["south"] = json!("random");
            request["north"] = json!("greedy");
            request["seed"] = json!(3);
            let game = new_game(&app, request).await;
            assert!(game["variant"].as_str().unwrap().starts_with(name));
            let id = game["id"].as_str().unwrap();
            for _ in 0..6 {
                let (status, played) =
                    post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
                assert_eq!(status, StatusCode::OK, "{name}: {played}");
                assert!(!played["steps"].as_array().unwrap().is_empty(), "{name}");
                if played["view"]["over"] == true {
                    break;
                }
            }
        }
    }
}

/// A computer move by `player` on Anywoli, twelve houses a side, where its
/// full depth or playouts take far longer than the server's limit, comes
/// within the limit and is legal.
async fn answers_within_the_thinking_limit(player: &str) {
    let app = app();
    let game = new_game(
        &app,
        json!({"variant": "mg-anywoli", "south": player, "north": "human", "seed": 1}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let started = std::time::Instant::now();
    let (status, played) = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    let limit = super::games::MAX_THINKING;
    assert!(
        started.elapsed() < limit + Duration::from_secs(3),
        "{player}: {:?}",
        started.elapsed()
    );
    assert!(game["legal"].as_array().unwrap().contains(&played["move"]));
}

#[tokio::test]
async fn alpha_beta_answers_within_the_thinking_limit() {
    answers_within_the_thinking_limit("alphabeta:8").await;
}

#[tokio::test]
async fn mcts_answers_within_the_thinking_limit() {
    answers_within_the_thinking_limit("mcts:20000").await;
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = app();
    for request in [
        Request::get("/").body(Body::empty()).unwrap(),
        Request::get("/app.js").body(Body::empty()).unwrap(),
        Request::get("/api/variants").body(Body::empty()).unwrap(),
        Request::get("/api/games/0").body(Body::empty()).unwrap(),
        Request::get("/nosuch").body(Body::empty()).unwrap(),
    ] {
        let uri = request.uri().clone();
        let response = app.clone().oneshot(request).await.unwrap();
        let headers = response.headers();
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("default-src 'none'"), "{uri}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{uri}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{uri}");
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY", "{uri}");
        assert_eq!(headers[header::REFERRER_POLICY], "no-referrer", "{uri}");
    }
}

#[tokio::test]
async fn a_method_an_address_does_not_answer_gets_405_and_a_message() {
    let app = app();
    let game = new_game(&app, json!({"variant": "oware"})).await;
    let id = game["id"].as_str().unwrap();
    for (method, uri) in [
        ("GET", "/api/check".to_string()),
        ("DELETE", format!("/api/games/{id}")),
        ("PUT", "/api/variants".to_string()),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(&uri)
            .body(Body::empty())
            .unwrap();
        let (status, kind, answer) = send(&app, request).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert!(kind.contains("json"), "{method} {uri}: {kind}");
        assert!(
            error(&answer).contains(&format!("does not answer {method}")),
            "{answer}"
        );
    }
}

#[tokio::test]
async fn a_views_ply_is_a_number_given_once() {
    let app = app();
    let game = new_game(&app, json!({"variant": "oware"})).await;
    let id = game["id"].as_str().unwrap();
    let (status, view) = get(&app, &format!("/api/games/{id}?ply=0")).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    // A ply past the end shows the end.
    let (status, _) = get(&app, &format!("/api/games/{id}?ply=4000000000")).await;
    assert_eq!(status, StatusCode::OK);
    for (query, message) in [
        (
            "ply=-1",
            "`ply` is a number of moves from 0 to 4294967295, not `-1`",
        ),
        (
            "ply=99999999999999999999999",
            "not `99999999999999999999999`",
        ),
        ("ply=+1", "not `+1`"),
        ("ply=", "not ``"),
        ("ply=1&ply=2", "`ply` is given twice"),
        ("move=1", "takes one parameter, `ply`, not `move`"),
    ] {
        let (status, answer) = get(&app, &format!("/api/games/{id}?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert!(error(&answer).contains(message), "{query}: {answer}");
    }
}

#[tokio::test]
async fn json_faults_are_told_in_sows_words_with_the_text_escaped() {
    let app = app();
    // DEL, a C1 control and NUL in a field's name come back escaped.
    let body = "{\"variant\": \"oware\", \"x\u{7f}\u{9b}\\u0000\": 1}";
    let (status, answer) = post_raw(&app, "/api/games", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let message = error(&answer);
    assert!(
        message.starts_with("the request's JSON, line 1, column "),
        "{message}"
    );
    assert!(
        message.contains("unknown field `x\\u{7f}\\u{9b}\\0`"),
        "{message}"
    );
    assert!(!message.chars().any(|c| c.is_control()), "{message:?}");
    // No Rust type is named.
    let (status, answer) = post_raw(&app, "/api/games", "\"oware\"").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(error(&answer).contains("expected an object"), "{answer}");
    assert!(!error(&answer).contains("struct"), "{answer}");
    // Text that is not JSON is a bad request.
    let (status, answer) = post_raw(&app, "/api/games", "{\"variant\" oware}").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(error(&answer).contains("expected `:`"), "{answer}");
}

/// A body that never comes.
struct Silent;

impl axum::body::HttpBody for Silent {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Pending
    }
}

#[tokio::test(start_paused = true)]
async fn a_body_that_does_not_arrive_is_cut_off() {
    let app = app();
    let request = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::new(Silent))
        .unwrap();
    let (status, _, answer) = send(&app, request).await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{answer}");
    assert!(
        error(&answer).contains("did not arrive within 10 s"),
        "{answer}"
    );
}

#[tokio::test]
async fn a_records_file_name_is_short_and_safe() {
    let app = app();
    // Names are words of letters, digits, `-` and `_`, but of any length.
    let name = "n".repeat(300);
    let toml =
        copy_of(sow::rules::GROUPS[0].1[0].1).replacen("name = \"", &format!("name = \"{name}"), 1);
    let game = new_game(&app, json!({ "toml": toml })).await;
    let id = game["id"].as_str().unwrap();
    let request = Request::get(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"{}.sow\"", "n".repeat(64))
    );
}

/// A server on a free port of this machine, with `limits`, stopped when
/// the returned sender is dropped.
async fn listening(
    limits: super::Connections,
) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(super::accept_until(listener, app(), limits, async {
        let _ = stopped.await;
    }));
    (address, stop)
}

/// What the server sends on `stream` until it closes it (or 5 s pass).
async fn read_all(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_slow_head_is_timed_out() {
    use tokio::io::AsyncWriteExt;
    let limits = super::Connections {
        head_timeout: Duration::from_millis(300),
        per_client: 8,
        grace: Duration::from_millis(100),
    };
    let (address, _stop) = listening(limits).await;
    // A head sent in time is answered.
    let mut quick = tokio::net::TcpStream::connect(address).await.unwrap();
    quick
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    assert!(read_all(&mut quick).await.starts_with("HTTP/1.1 200"));
    // A head that trickles is cut off: the connection closes unanswered
    // long before the 5 s read_all waits.
    let started = std::time::Instant::now();
    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET /api/vari").await.unwrap();
    let answer = read_all(&mut slow).await;
    assert!(!answer.contains("200 OK"), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn requests_hyper_refuses_are_answered_with_the_error_body() {
    use tokio::io::AsyncWriteExt;
    let limits = super::Connections {
        head_timeout: Duration::from_secs(10),
        per_client: 8,
        grace: Duration::from_millis(100),
    };
    let (address, _stop) = listening(limits).await;
    // A game id of 70 KiB: hyper refuses the request line (414).
    let mut long = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "7".repeat(70 << 10)
    );
    long.write_all(request.as_bytes()).await.unwrap();
    let answer = read_all(&mut long).await;
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 414"), "{head}");
    assert!(head.contains("content-type: application/json"), "{head}");
    assert!(head.contains("content-security-policy:"), "{head}");
    let value: Value = serde_json::from_str(body).unwrap();
    assert!(
        value["error"].as_str().unwrap().contains("too long"),
        "{body}"
    );
    // A head that is not HTTP (400).
    let mut garbled = tokio::net::TcpStream::connect(address).await.unwrap();
    garbled
        .write_all(b"\x01\x02 nonsense\r\n\r\n")
        .await
        .unwrap();
    let answer = read_all(&mut garbled).await;
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    let value: Value = serde_json::from_str(body).unwrap();
    assert!(value["error"].is_string(), "{body}");
    // The router's own answers are untouched.
    let mut fine = tokio::net::TcpStream::connect(address).await.unwrap();
    fine.write_all(b"GET /api/games/7 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_all(&mut fine).await;
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    assert_eq!(answer.matches("\r\ncontent-type:").count(), 1, "{answer}");
}

#[tokio::test]
async fn a_client_holds_few_connections() {
    use tokio::io::AsyncWriteExt;
    let limits = super::Connections {
        head_timeout: Duration::from_secs(10),
        per_client: 2,
        grace: Duration::from_millis(100),
    };
    let (address, _stop) = listening(limits).await;
    // Two connections held open; the third is closed at once.
    let _first = tokio::net::TcpStream::connect(address).await.unwrap();
    let _second = tokio::net::TcpStream::connect(address).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut third = tokio::net::TcpStream::connect(address).await.unwrap();
    let _ = third
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    assert_eq!(read_all(&mut third).await, "");
}

#[tokio::test]
async fn a_stopped_server_closes_its_connections_within_its_grace() {
    use tokio::io::AsyncWriteExt;
    let limits = super::Connections {
        head_timeout: Duration::from_secs(10),
        per_client: 8,
        grace: Duration::from_millis(200),
    };
    let (address, stop) = listening(limits).await;
    // A connection kept alive after its answer.
    let mut kept = tokio::net::TcpStream::connect(address).await.unwrap();
    kept.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    tokio::time::sleep(Duration::from_millis(100)).await;
    drop(stop);
    let answer = read_all(&mut kept).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert!(tokio::net::TcpStream::connect(address).await.is_err());
}

#[tokio::test]
async fn edited_variants_are_kept_within_a_byte_budget() {
    let text = copy_of(sow::rules::GROUPS[0].1[0].1);
    // What one game of each kind is counted, as a store kept them.
    let counted = |body: Value| async move {
        let state = Arc::new(State::new(MAX_GAMES, IDLE));
        new_game(&router(Arc::clone(&state)), body).await;
        state.games.bytes()
    };
    let edited = counted(json!({ "toml": text })).await;
    let shipped = counted(json!({"variant": "oware"})).await;
    let engine = sow::Engine::new(sow::Rules::from_toml(&text, "copy.toml").unwrap());
    assert!(
        edited >= engine.footprint() + shipped,
        "an edited game counts its rules"
    );
    // Room for two games of this edited variant and one of a shipped
    // variant, whose rules are shared, but not for a third edited one.
    let state = State {
        games: super::games::Games::new(MAX_GAMES, IDLE).with_budget(2 * edited + shipped),
        shipped: super::api::shipped(),
    };
    let app = router(Arc::new(state));
    for _ in 0..2 {
        new_game(&app, json!({ "toml": text })).await;
    }
    let (status, answer) = post(&app, "/api/games", json!({ "toml": text })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(
        error(&answer).contains("as many games as it may"),
        "{answer}"
    );
    new_game(&app, json!({"variant": "oware"})).await;
}

#[test]
fn a_game_that_outgrows_the_store_stays_as_it_was() {
    use super::games::{Games, Seat, Session, StoreError};
    let engine = sow::Engine::new(sow::Rules::builtin("oware").unwrap());
    let session = Session {
        game: sow::Game::new(&engine),
        edited: false,
        seats: [Seat::Person, Seat::Person],
        seed: 1,
    };
    // The store keeps a copy, which holds what its moves need, no spare room.
    let fresh = session.clone().footprint();
    let games = Games::new(MAX_GAMES, IDLE).with_budget(fresh + 8192);
    let id = games.add(session.clone()).unwrap();
    assert_eq!(games.bytes(), fresh);
    // The game with its spare room for 128 moves does not fit beside it.
    assert!(session.footprint() > 8192);
    assert!(matches!(games.add(session), Err(StoreError::Full)));
    // Two hundred moves outgrow what the game held at its start.
    let mut grown = games.get(id).unwrap();
    grown.game.play_randomly(&mut sow::rng::Rng::new(3), 200);
    assert!(grown.game.plies() > 100 && grown.footprint() > fresh + 8192);
    assert_eq!(games.update(id, &[], grown), Err(StoreError::Full));
    assert_eq!(games.get(id).unwrap().game.plies(), 0);
    assert_eq!(games.bytes(), fresh);
    // A move that fits is kept, and counted.
    let mut one = games.get(id).unwrap();
    one.game.play_randomly(&mut sow::rng::Rng::new(3), 1);
    let bytes = one.footprint();
    games.update(id, &[], one).unwrap();
    assert_eq!(games.bytes(), bytes);
}

/// Plays the server's random players on a new game of `variant` (seeded)
/// until `done` holds for its view; the view then.
async fn play_until(
    app: &Router,
    variant: &str,
    seed: u64,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut view = new_game(
        app,
        json!({"variant": variant, "south": "random", "north": "random", "seed": seed}),
    )
    .await;
    let id = view["id"].as_str().unwrap().to_string();
    for _ in 0..3000 {
        if done(&view) {
            return view;
        }
        assert_eq!(
            view["over"], false,
            "{variant} ended first: {}",
            view["position"]
        );
        let (status, played) = post(app, &format!("/api/games/{id}/computer"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{played}");
        view = played["view"].clone();
    }
    panic!("{variant}: not reached in 3000 moves");
}

fn houses(view: &Value) -> &Vec<Value> {
    view["houses"].as_array().expect("the view's houses")
}

#[tokio::test]
async fn the_view_shows_children_as_the_terminal_does() {
    let app = app();
    let view = play_until(&app, "mg-toguz-kumalak", 1, |v| {
        houses(v).iter().any(|h| !h["child"].is_null())
    })
    .await;
    assert_eq!(view["title"], "Toguz Kumalak");
    let houses = houses(&view);
    assert_eq!(houses.len(), 18);
    let child = houses.iter().find(|h| !h["child"].is_null()).unwrap();
    let (label, whose) = (
        child["label"].as_str().unwrap(),
        child["child"].as_str().unwrap(),
    );
    // A child is made in the opponent's row, kept for the one who made it.
    let row = if label.chars().all(|c| c.is_ascii_uppercase()) {
        "south"
    } else {
        "north"
    };
    assert_ne!(whose, row, "{child}");
    assert_eq!(child["owner"], row);
    assert_eq!(child["ram"], false);
    // The notes are the lines `sow replay` prints under the board.
    let owner = if whose == "south" { "South" } else { "North" };
    let notes: Vec<&str> = view["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes[0].starts_with("Children: ") && notes[0].contains(&format!("{label} is {owner}'s")),
        "{notes:?}"
    );
    assert!(view["position"].as_str().unwrap().contains(" children:"));
    // Each house's seeds are the board's.
    for (house, seeds) in houses.iter().zip(view["board"].as_array().unwrap()) {
        assert_eq!(&house["seeds"], seeds);
    }
    // Not a match of rounds; two rows, so the stores are what was captured.
    assert_eq!(view["round"], Value::Null);
    assert_eq!(view["match_line"], Value::Null);
    assert_eq!(view["hands"], false);
}

#[tokio::test]
async fn the_view_shows_blocked_houses_and_the_round() {
    let app = app();
    let start = new_game(&app, json!({"variant": "mg-dakon", "north": "human"})).await;
    assert_eq!(start["round"], 1);
    assert_eq!(start["match_line"], "Round 1 of the match");
    let view = play_until(&app, "mg-dakon", 1, |v| {
        v["round"] == 2 && houses(v).iter().any(|h| h["blocked"] == true)
    })
    .await;
    assert_eq!(view["match_line"], "Round 2 of the match");
    let blocked: Vec<&str> = houses(&view)
        .iter()
        .filter(|h| h["blocked"] == true)
        .map(|h| h["label"].as_str().unwrap())
        .collect();
    let notes = view["notes"].as_array().unwrap();
    assert!(
        notes.contains(&json!(format!("Blocked: {}", blocked.join(", ")))),
        "{notes:?}"
    );
    // A blocked house is never a move.
    for mv in view["moves"].as_array().unwrap() {
        let house = mv["house"].as_u64().unwrap() as usize;
        assert_eq!(houses(&view)[house]["blocked"], false, "{mv}");
    }
}

#[tokio::test]
async fn the_state_words_are_told_in_plain_words() {
    let app = app();
    // Wouri remembers who captured last.
    let view = play_until(&app, "wouri", 1, |v| {
        v["position"].as_str().unwrap().contains(" last:")
    })
    .await;
    let notes = view["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().starts_with("Captured last: ")),
        "{notes:?}"
    );
}

#[tokio::test]
async fn a_match_to_a_goal_shows_its_tally_and_the_ways_a_house_may_sow() {
    let app = app();
    let view = new_game(&app, json!({"variant": "mg-centering", "north": "human"})).await;
    assert_eq!(view["round"], 1);
    assert_eq!(view["tally"], json!([0, 0]));
    let line = view["match_line"].as_str().unwrap();
    assert!(line.starts_with("Round 1 of the match; "), "{line}");
    // The middle house sows either way, by choice: two moves from it.
    let moves = view["moves"].as_array().unwrap();
    let ways: Vec<&Value> = moves.iter().filter(|m| !m["direction"].is_null()).collect();
    assert_eq!(ways.len(), 2, "{moves:?}");
    assert_eq!(ways[0]["house"], ways[1]["house"]);
    let mut directions: Vec<&str> = ways
        .iter()
        .map(|m| m["direction"].as_str().unwrap())
        .collect();
    directions.sort();
    assert_eq!(directions, ["clockwise", "counter-clockwise"]);
    assert_eq!(view["legal"].as_array().unwrap().len(), moves.len());
}

#[tokio::test]
async fn four_rows_keep_their_seeds_in_hand_and_a_hint_names_its_house() {
    let app = app();
    let view = new_game(&app, json!({"variant": "ludii-tsoro", "north": "human"})).await;
    assert_eq!(view["hands"], true);
    assert_eq!(houses(&view).len(), 32);
    assert_eq!(houses(&view)[0]["owner"], "south");
    assert_eq!(houses(&view)[16]["owner"], "north");
    let id = view["id"].as_str().unwrap();
    let (status, hint) = get(&app, &format!("/api/games/{id}/hint")).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let house = hint["house"].as_u64().unwrap() as usize;
    let label = houses(&view)[house]["label"].as_str().unwrap();
    assert!(hint["move"].as_str().unwrap().starts_with(label), "{hint}");
}

#[tokio::test]
async fn the_list_gives_each_variant_its_title_region_and_shelf() {
    let app = app();
    let (_, list) = get(&app, "/api/variants").await;
    let list = list.as_array().unwrap();
    let find = |name: &str| list.iter().find(|v| v["name"] == name).unwrap();
    let toguz = find("mg-toguz-kumalak");
    assert_eq!(toguz["title"], "Toguz Kumalak");
    assert_eq!(toguz["region"], "Central Asia, East Asia");
    // Listed under its first region.
    assert_eq!(toguz["shelf"], "MancalaGames: Central Asia");
    assert!(toguz["aliases"].is_array());
    assert_eq!(find("oware")["shelf"], "Rule documents");
    assert_eq!(find("oware")["title"], "Oware Abapa");
    assert_eq!(find("ludii-tsoro")["shelf"], "Ludii: three and four rows");
    // Every variant has a title (its name where its file gives none).
    assert!(
        list.iter()
            .all(|v| v["title"].as_str().is_some_and(|t| !t.is_empty()))
    );
}

#[tokio::test]
async fn an_empty_editor_is_told_where_to_start() {
    let app = app();
    for text in ["", "  \n\t\n"] {
        for uri in ["/api/check", "/api/games"] {
            let (status, answer) = post(&app, uri, json!({ "toml": text })).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}");
            assert!(
                error(&answer)
                    .starts_with("the variant file is empty: start from a shipped variant"),
                "{answer}"
            );
        }
    }
}

#[tokio::test]
async fn the_page_has_an_icon() {
    let app = app();
    let request = Request::get("/favicon.svg").body(Body::empty()).unwrap();
    let (status, kind, body) = send(&app, request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "image/svg+xml");
    assert!(body.as_str().unwrap().starts_with("<svg"));
    let request = Request::get("/favicon.ico").body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/x-icon");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    // An ICO file: one 32 × 32 image of 32-bit pixels, and its mask.
    assert_eq!(&bytes[..6], &[0, 0, 1, 0, 1, 0]);
    assert_eq!(&bytes[6..8], &[32, 32]);
    assert_eq!(bytes.len(), 22 + 40 + 32 * 32 * 4 + 32 * 32 / 8);
    let request = Request::get("/").body(Body::empty()).unwrap();
    let (_, _, page) = send(&app, request).await;
    assert!(
        page.as_str()
            .unwrap()
            .contains("<link rel=\"icon\" href=\"/favicon.svg\"")
    );
}

#[tokio::test]
async fn a_fault_inside_a_request_keeps_the_game_as_it_was() {
    let state = Arc::new(State::new(MAX_GAMES, IDLE));
    let app = router(Arc::clone(&state));
    let game = new_game(&app, json!({"variant": "oware", "north": "human"})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (status, _) = post(&app, &format!("/api/games/{id}/move"), json!({"move": "C"})).await;
    assert_eq!(status, StatusCode::OK);
    // Work that plays on a copy of the game, as every request does, and
    // then fails on a fault of sow's own before it could keep the game.
    let key = u64::from_str_radix(&id, 16).unwrap();
    let worker = Arc::clone(&state);
    let failed = super::api::blocking(move || -> Result<(), super::api::ApiError> {
        let mut session = worker.games.get(key)?;
        let (mv, _) = sow::notation::parse_move("c").unwrap();
        session.game.play(mv, &mut ()).unwrap();
        panic!("a fault in the middle of a request");
    })
    .await
    .unwrap_err();
    let answer = axum::response::IntoResponse::into_response(failed);
    assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let bytes = answer.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(
        error(&body),
        "sow failed on a fault of its own; the game is kept as it was before this request"
    );
    // The game and its record are as the last request that succeeded left them.
    let (status, view) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["plies"], 1);
    assert!(
        view["record"].as_str().unwrap().contains("1. C *"),
        "{view}"
    );
    let (status, played) = post(&app, &format!("/api/games/{id}/move"), json!({"move": "c"})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
}
