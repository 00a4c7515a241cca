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

#[tokio::test]
async fn a_game_is_played_undone_and_recorded() {
    let app = app();
    let game = new_game(&app, json!({"variant": "kalah", "north": "human"})).await;
    assert_eq!(game["board"], json!([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(game["to_move"], "south");
    assert!(game["sheet"].as_str().unwrap().starts_with("kalah"));
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

    let (status, _) = post(&app, &to("move"), json!({"move": "C"})).await;
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

#[tokio::test]
async fn alpha_beta_answers_within_the_thinking_limit() {
    let app = app();
    // Twelve houses a side: depth 8 takes far longer than the limit here.
    let game = new_game(
        &app,
        json!({"variant": "mg-anywoli", "south": "alphabeta:8", "north": "human", "seed": 1}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let started = std::time::Instant::now();
    let (status, played) = post(&app, &format!("/api/games/{id}/computer"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    let limit = super::games::MAX_THINKING;
    assert!(
        started.elapsed() < limit + Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(game["legal"].as_array().unwrap().contains(&played["move"]));
}
