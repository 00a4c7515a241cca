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
        .route("/favicon.svg", get(|| asset("image/svg+xml", FAVICON_SVG)))
        .route("/favicon.ico", get(favicon_ico))
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
/// The page's icon: a board of two rows, a few seeds in its houses.
const FAVICON_SVG: &str = include_str!("assets/favicon.svg");

/// `/favicon.ico`, for the browsers and tools that ask for it whatever the
/// page links: the same board drawn in 32 × 32 pixels, made once.
async fn favicon_ico() -> Response {
    static ICO: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let body = ICO.get_or_init(icon_ico).as_slice();
    (
        [
            (header::CONTENT_TYPE, "image/x-icon"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        body,
    )
        .into_response()
}

/// The icon's colour at point `(x, y)` of 32 × 32 (from the top left), as
/// `[blue, green, red, alpha]`: the board, its rim, its houses, a seed in
/// every other house.
fn icon_colour(x: f32, y: f32) -> [u8; 4] {
    // The board: a rounded rectangle from (1, 7) to (31, 25).
    let (left, right, top, bottom, round) = (1.0, 31.0, 7.0, 25.0, 5.0);
    let cx = x.clamp(left + round, right - round);
    let cy = y.clamp(top + round, bottom - round);
    let from_edge = round - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
    if from_edge < 0.0 {
        return [0, 0, 0, 0];
    }
    if from_edge < 1.2 {
        return [0x2b, 0x5a, 0x8a, 0xff];
    }
    let inside = |cx: f32, cy: f32, r: f32| (x - cx).powi(2) + (y - cy).powi(2) <= r * r;
    for (row, cy) in [12.0f32, 20.0].into_iter().enumerate() {
        for (column, cx) in [7.0f32, 13.0, 19.0, 25.0].into_iter().enumerate() {
            if inside(cx, cy, 2.9) {
                return if (row + column) % 2 == 0 && inside(cx, cy, 1.4) {
                    [0xd8, 0xec, 0xf4, 0xff]
                } else {
                    [0x20, 0x42, 0x6b, 0xff]
                };
            }
        }
    }
    [0x5a, 0x95, 0xc8, 0xff]
}

/// The icon's pixel `(x, y)`: the colours of 4 × 4 points in it, averaged,
/// so that round edges are smooth.
fn icon_pixel(x: usize, y: usize) -> [u8; 4] {
    const SAMPLES: usize = 4;
    let mut sum = [0u32; 4];
    for i in 0..SAMPLES {
        for j in 0..SAMPLES {
            let at = |p: usize, k: usize| p as f32 + (k as f32 + 0.5) / SAMPLES as f32;
            let [b, g, r, a] = icon_colour(at(x, i), at(y, j));
            // Colours weighed by their cover, so a transparent point adds none.
            let alpha = u32::from(a);
            sum[0] += u32::from(b) * alpha;
            sum[1] += u32::from(g) * alpha;
            sum[2] += u32::from(r) * alpha;
            sum[3] += alpha;
        }
    }
    if sum[3] == 0 {
        return [0; 4];
    }
    let colour = |c: u32| (c / sum[3]) as u8;
    [
        colour(sum[0]),
        colour(sum[1]),
        colour(sum[2]),
        (sum[3] / (SAMPLES * SAMPLES) as u32) as u8,
    ]
}

/// The icon as an ICO file: one 32 × 32 image of 32-bit pixels.
fn icon_ico() -> Vec<u8> {
    const SIZE: usize = 32;
    let pixels = SIZE * SIZE * 4;
    // The mask of transparent pixels, one bit a pixel, rows of 32 bits: all
    // clear, the alpha channel saying what shows.
    let mask = SIZE * SIZE / 8;
    let image = 40 + pixels + mask;
    let mut ico = Vec::with_capacity(22 + image);
    // The directory: reserved, type 1 (icon), one image.
    for word in [0u16, 1, 1] {
        ico.extend_from_slice(&word.to_le_bytes());
    }
    // Its entry: width, height, no palette, reserved, 1 plane, 32 bits.
    ico.extend_from_slice(&[SIZE as u8, SIZE as u8, 0, 0]);
    ico.extend_from_slice(&1u16.to_le_bytes());
    ico.extend_from_slice(&32u16.to_le_bytes());
    ico.extend_from_slice(&(image as u32).to_le_bytes());
    ico.extend_from_slice(&22u32.to_le_bytes());
    // The bitmap's header: its height counts the pixels and the mask.
    ico.extend_from_slice(&40u32.to_le_bytes());
    ico.extend_from_slice(&(SIZE as i32).to_le_bytes());
    ico.extend_from_slice(&(2 * SIZE as i32).to_le_bytes());
    ico.extend_from_slice(&1u16.to_le_bytes());
    ico.extend_from_slice(&32u16.to_le_bytes());
    ico.extend_from_slice(&0u32.to_le_bytes());
    ico.extend_from_slice(&((pixels + mask) as u32).to_le_bytes());
    ico.extend_from_slice(&[0; 16]);
    // The pixels, the bottom row first.
    for y in (0..SIZE).rev() {
        for x in 0..SIZE {
            ico.extend_from_slice(&icon_pixel(x, y));
        }
    }
    ico.extend(std::iter::repeat_n(0u8, mask));
    ico
}

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
