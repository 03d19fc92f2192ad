//! The HTTP listener. actix-web's `HttpServer` answers a request it cannot
//! parse (a URI or head over the limits, a NUL byte in a header, a head that
//! never finishes arriving) on its own, with an empty body, before any
//! middleware runs, and offers no hook to change that. So the same HTTP/1
//! service runs here over a connection wrapper, [`Enveloped`], that gives those
//! answers the error envelope every other error has. Nothing else it writes is
//! touched.

use crate::i18n::{t, Lang};
use std::io;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A bound listener with a deep accept queue: with the standard library's 128,
/// a burst of new connections (a crowd of phones reconnecting, say) overflowed
/// it and the dropped ones only came back after TCP's one-second retry.
pub fn listen(host: &str, port: u16) -> io::Result<TcpListener> {
    let addr: SocketAddr = (host, port)
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no address"))?;
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        Some(socket2::Protocol::TCP),
    )?;
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(4096)?;
    socket.set_nonblocking(true)?;
    Ok(socket.into())
}

/// A connection whose protocol-level error answers carry the envelope.
pub struct Enveloped<T> {
    io: T,
    /// A rewritten answer not yet wholly written, and how much of it was.
    pending: Option<(Vec<u8>, usize)>,
}

impl<T> Enveloped<T> {
    pub fn new(io: T) -> Self {
        Enveloped { io, pending: None }
    }
}

/// The statuses actix-http answers by itself when a request cannot be read.
const OWN_ANSWERS: [&[u8]; 5] = [
    b"HTTP/1.1 400 ",
    b"HTTP/1.1 408 ",
    b"HTTP/1.1 413 ",
    b"HTTP/1.1 414 ",
    b"HTTP/1.1 431 ",
];

/// The same answer with the envelope as its body, when `buf` is exactly one
/// bodiless error answer of the HTTP layer (the application never sends one:
/// its errors are rendered with the envelope).
pub fn rewrite(buf: &[u8]) -> Option<Vec<u8>> {
    if !OWN_ANSWERS.iter().any(|p| buf.starts_with(p)) || !buf.ends_with(b"\r\n\r\n") {
        return None;
    }
    let head = &buf[..buf.len() - 2];
    if head.windows(4).any(|w| w == b"\r\n\r\n") {
        return None; // more than one message in the buffer
    }
    let marker = b"\r\ncontent-length: 0\r\n";
    let at = head.windows(marker.len()).position(|w| w == marker)?;
    let body = serde_json::json!({
        "type": "error",
        "message": t(Lang::EN, "err_bad_request", &[]),
    })
    .to_string();
    let mut out = Vec::with_capacity(buf.len() + body.len() + 48);
    out.extend_from_slice(&buf[..at]);
    out.extend_from_slice(
        format!(
            "\r\ncontent-length: {}\r\ncontent-type: application/json\r\n",
            body.len()
        )
        .as_bytes(),
    );
    out.extend_from_slice(&buf[at + marker.len()..]);
    out.extend_from_slice(body.as_bytes());
    Some(out)
}

impl<T: AsyncWrite + Unpin> Enveloped<T> {
    /// Writes what is left of a rewritten answer before anything else.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, done)) = self.pending.as_mut() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &bytes[*done..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *done += n;
            if *done == bytes.len() {
                self.pending = None;
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Enveloped<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Enveloped<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        match rewrite(buf) {
            // Taken whole: what is not written now goes out before the next
            // write, flush or shutdown.
            Some(answer) => {
                self.pending = Some((answer, 0));
                if let Poll::Ready(Err(e)) = self.drain(cx) {
                    return Poll::Ready(Err(e));
                }
                Poll::Ready(Ok(buf.len()))
            }
            None => Pin::new(&mut self.io).poll_write(cx, buf),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn only_the_http_layers_own_bodiless_errors_are_rewritten() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(bare).unwrap_or_default()).unwrap_or_default();
        let (head, body) = out.split_once("\r\n\r\n").unwrap_or_default();
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(head.contains("content-type: application/json"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(head.contains("connection: close"));
        let v: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
        assert_eq!(v["type"], "error");
        for kept in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n{\"type\":1}..",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nHTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
            b"\x81\x05hello",
        ] {
            assert_eq!(rewrite(kept), None, "{}", String::from_utf8_lossy(kept));
        }
    }
}
