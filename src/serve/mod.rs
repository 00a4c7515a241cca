//! `sow serve`: the browser playground, one page and a JSON API served by
//! axum on tokio. The page's files are compiled into the binary; every
//! answer about a game comes from the library, as the command line's do.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

mod api;
mod games;

use games::Games;

/// The most bytes a variant file or a record sent to the server may hold.
pub const MAX_TEXT_BYTES: usize = sow::rules::MAX_VARIANT_BYTES;
/// The most bytes of a request body: a text of [`MAX_TEXT_BYTES`] and the
/// JSON around it.
pub(crate) const MAX_BODY_BYTES: usize = MAX_TEXT_BYTES + 64 * 1024;

/// What the handlers share.
pub struct State {
    games: Games,
    /// The shipped variants, compiled once: name, group and file text.
    shipped: Vec<api::Shipped>,
}

impl State {
    /// A server's state, keeping at most `cap` games, each for `idle`.
    pub fn new(cap: usize, idle: std::time::Duration) -> State {
        State {
            games: Games::new(cap, idle),
            shipped: api::shipped(),
        }
    }
}

/// The playground's routes: the page, its files and the API.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX)))
        .route(
            "/app.js",
            get(|| asset("text/javascript; charset=utf-8", APP)),
        )
        .route(
            "/style.css",
            get(|| asset("text/css; charset=utf-8", STYLE)),
        )
        .route("/api/variants", get(api::variants))
        .route("/api/variants/{name}/toml", get(api::variant_toml))
        .route("/api/check", post(api::check))
        .route("/api/games", post(api::new_game))
        .route("/api/records", post(api::upload_record))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/move", post(api::play_move))
        .route("/api/games/{id}/computer", post(api::computer_move))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/hint", get(api::hint))
        .route("/api/games/{id}/players", post(api::set_players))
        .route("/api/games/{id}/record", get(api::record))
        .fallback(|| async { api::ApiError::new(StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

const INDEX: &str = include_str!("assets/index.html");
const APP: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// Serves the playground on `host:port` until the process is stopped. The
/// first line printed is the address (`--port 0` picks a free port).
pub fn serve(host: &str, port: u16) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let address: SocketAddr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let shown = match address {
            SocketAddr::V6(v6) => format!("http://[{}]:{}/", v6.ip(), v6.port()),
            SocketAddr::V4(v4) => format!("http://{v4}/"),
        };
        // The first line is the address, for people and for the tests that
        // start the server on port 0.
        println!("{shown}");
        eprintln!("sow serve: the playground is at {shown} (Ctrl-C stops it)");
        let state = Arc::new(State::new(games::MAX_GAMES, games::IDLE));
        axum::serve(listener, router(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

#[cfg(test)]
mod tests;
