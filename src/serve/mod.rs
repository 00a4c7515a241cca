//! `sow serve`: the browser playground, one page and a JSON API served by
//! axum on tokio. The page's files are compiled into the binary; every
//! answer about a game comes from the library, as the command line's do.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

mod api;
mod games;
mod wire;

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
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

/// What every answer says to the browser about itself: the page runs only
/// its own script and style and talks only to this server; no other site
/// may frame it, sniff its types or learn where its visitors came from.
const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
         img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, header::HeaderValue::from_static(value));
    }
    response
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

/// How the server holds its connections.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Connections {
    /// The longest a client may take to send a request's line and headers;
    /// then its connection is closed (a client trickling a header a byte at
    /// a time holds a connection no longer).
    pub head_timeout: Duration,
    /// The most connections one client address may hold open at once; more
    /// are closed as soon as they are accepted.
    pub per_client: usize,
    /// How long, once stopped, the server lets requests in flight finish
    /// before it closes every connection (a computer move still thinking is
    /// abandoned).
    pub grace: Duration,
}

/// The playground's connections: 10 s for a request's head, 64 connections
/// a client, half a second's grace when stopped.
pub(crate) const CONNECTIONS: Connections = Connections {
    head_timeout: Duration::from_secs(10),
    per_client: 64,
    grace: Duration::from_millis(500),
};

/// Serves the playground on `host:port` until Ctrl-C, which stops it within
/// a second. The first line printed is the address (`--port 0` picks a free
/// port).
pub fn serve(host: &str, port: u16) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let served = runtime.block_on(async {
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
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        accept_until(listener, router(state), CONNECTIONS, stop).await;
        Ok(())
    });
    // Blocking work still running (a computer move) is not waited for.
    runtime.shutdown_timeout(Duration::ZERO);
    served
}

/// Accepts connections and serves each on its own task until `stop`; then
/// gives requests in flight the grace of `limits` and closes the rest.
pub(crate) async fn accept_until(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Connections,
    stop: impl std::future::Future<Output = ()>,
) {
    let clients = Clients::default();
    let mut connections = tokio::task::JoinSet::new();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    // Out of file descriptors, or a connection reset before
                    // it was accepted: wait a moment rather than spin.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // A client over its share is closed unanswered.
                let Some(slot) = clients.take(peer.ip(), limits.per_client) else {
                    continue;
                };
                let service = hyper_util::service::TowerToHyperService::new(app.clone());
                connections.spawn(async move {
                    let _slot = slot;
                    let _ = hyper::server::conn::http1::Builder::new()
                        .timer(hyper_util::rt::TokioTimer::new())
                        .header_read_timeout(limits.head_timeout)
                        .serve_connection(
                            hyper_util::rt::TokioIo::new(wire::ErrorBodies::new(stream)),
                            service,
                        )
                        .await;
                });
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    let in_flight = async { while connections.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(limits.grace, in_flight).await;
    connections.abort_all();
}

/// The open connections of each client address.
#[derive(Clone, Default)]
struct Clients(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl Clients {
    /// A connection slot for `client`, or `None` when it holds `most`
    /// already.
    fn take(&self, client: IpAddr, most: usize) -> Option<Slot> {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(client).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Slot {
            clients: self.clone(),
            client,
        })
    }
}

/// One open connection of a client, given back when dropped.
struct Slot {
    clients: Clients,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.clients.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests;
