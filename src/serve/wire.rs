//! The connection under hyper: its answers to requests it refuses before
//! the router sees them go out with the documented JSON body.
//!
//! hyper answers a request line past 64 KiB (414), a head past its buffer
//! (431) or a malformed head (400) itself, with a bare head
//! (`content-length: 0`) and no body, then closes the connection. Every
//! error of the playground's API carries `{"error": …}`, and every answer
//! the router makes carries a content type: a bare error head on its way
//! out is hyper's, and is rewritten here, in one place, with the body, the
//! JSON content type and the security headers.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::SECURITY_HEADERS;

/// A stream whose bare error heads are written with a JSON body.
pub(crate) struct ErrorBodies<S> {
    inner: S,
    /// A rewritten answer being written: its bytes, how many are out, and
    /// the length of the head hyper gave, reported once all are out.
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<S> ErrorBodies<S> {
    pub(crate) fn new(inner: S) -> ErrorBodies<S> {
        ErrorBodies {
            inner,
            pending: None,
        }
    }
}

/// The answer to write instead of `head`, where `head` is a whole bare
/// error head (status 400 or more, `content-length: 0`, no content type).
fn with_body(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let (status_line, rest) = text.split_once("\r\n")?;
    if !text.ends_with("\r\n\r\n")
        || !(text.starts_with("HTTP/1.1 ") || text.starts_with("HTTP/1.0 "))
    {
        return None;
    }
    let mut parts = status_line.splitn(3, ' ');
    let (version, code) = (parts.next()?, parts.next()?);
    let reason = parts.next().unwrap_or("");
    let status: u16 = code.parse().ok()?;
    let lower = rest.to_ascii_lowercase();
    if status < 400 || lower.contains("content-type:") || !lower.contains("content-length: 0\r\n") {
        return None;
    }
    let message = match status {
        414 => "the address is too long: the server reads at most 64 KiB of it".to_string(),
        431 => "the request's headers are too large".to_string(),
        400 => "the request is not well-formed HTTP/1.1".to_string(),
        _ => reason.to_ascii_lowercase(),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let mut answer = format!("{version} {code} {reason}\r\n");
    // hyper's own lines (date, connection), less the length it gave.
    for line in rest.trim_end_matches("\r\n").split("\r\n") {
        if !line.is_empty() && !line.to_ascii_lowercase().starts_with("content-length:") {
            answer.push_str(line);
            answer.push_str("\r\n");
        }
    }
    answer.push_str("content-type: application/json\r\n");
    for (name, value) in SECURITY_HEADERS {
        answer.push_str(&format!("{name}: {value}\r\n"));
    }
    answer.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
    Some(answer.into_bytes())
}

impl<S: AsyncRead + Unpin> AsyncRead for ErrorBodies<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ErrorBodies<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.pending.is_none() {
            match with_body(buf) {
                Some(answer) => self.pending = Some((answer, 0, buf.len())),
                None => return Pin::new(&mut self.inner).poll_write(cx, buf),
            }
        }
        let this = &mut *self;
        let (answer, written, given) = this.pending.as_mut().expect("a pending answer");
        while *written < answer.len() {
            let n = ready!(Pin::new(&mut this.inner).poll_write(cx, &answer[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        let given = *given;
        this.pending = None;
        Poll::Ready(Ok(given))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::with_body;

    #[test]
    fn a_bare_error_head_gets_a_json_body() {
        let head = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: Sat, 28 Nov 2026 12:00:00 GMT\r\n\r\n";
        let answer = String::from_utf8(with_body(head).unwrap()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains("date: Sat, 28 Nov 2026 12:00:00 GMT"));
        assert!(head.contains("content-type: application/json"));
        assert!(head.contains("x-content-type-options: nosniff"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(!head.contains("content-length: 0"));
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(value["error"].as_str().unwrap().contains("too long"));
    }

    #[test]
    fn the_routers_answers_pass_as_they_are() {
        // An answer with a content type or a body is the router's.
        let json = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_body(json), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(with_body(ok), None);
        let body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(with_body(body), None);
    }
}
