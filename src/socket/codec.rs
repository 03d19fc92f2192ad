//! Engine.IO v4 and Socket.IO v5 packets as text, with no transport in sight.
//!
//! Engine.IO: one packet per websocket frame, a type digit then data:
//! `0` open, `1` close, `2` ping, `3` pong, `4` message, `5` upgrade, `6` noop.
//! Socket.IO rides in `4` messages:
//! `<type>[<attachments>-][<namespace>,][<ack id>][<JSON>]` with types `0`
//! CONNECT, `1` DISCONNECT, `2` EVENT, `3` ACK, `4` CONNECT_ERROR, `5`
//! BINARY_EVENT, `6` BINARY_ACK.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodecError {
    Empty,
    UnknownType(char),
    BadJson,
    BadAttachments,
    BadNamespace,
}

/// An Engine.IO packet.
#[derive(Debug, Clone, PartialEq)]
pub enum Eio {
    Open(String),
    Close,
    Ping(String),
    Pong(String),
    Message(String),
    Upgrade,
    Noop,
}

pub fn decode_eio(s: &str) -> Result<Eio, CodecError> {
    let mut chars = s.chars();
    let t = chars.next().ok_or(CodecError::Empty)?;
    let rest = chars.as_str().to_string();
    Ok(match t {
        '0' => Eio::Open(rest),
        '1' => Eio::Close,
        '2' => Eio::Ping(rest),
        '3' => Eio::Pong(rest),
        '4' => Eio::Message(rest),
        '5' => Eio::Upgrade,
        '6' => Eio::Noop,
        other => return Err(CodecError::UnknownType(other)),
    })
}

pub fn encode_eio(p: &Eio) -> String {
    match p {
        Eio::Open(d) => format!("0{d}"),
        Eio::Close => "1".into(),
        Eio::Ping(d) => format!("2{d}"),
        Eio::Pong(d) => format!("3{d}"),
        Eio::Message(d) => format!("4{d}"),
        Eio::Upgrade => "5".into(),
        Eio::Noop => "6".into(),
    }
}

/// A Socket.IO packet (binary attachments are counted, never carried: this
/// server neither sends nor accepts binary data).
#[derive(Debug, Clone, PartialEq)]
pub struct Sio {
    pub kind: SioKind,
    pub nsp: String,
    pub id: Option<u64>,
    pub attachments: Option<u32>,
    pub data: Option<Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SioKind {
    Connect,
    Disconnect,
    Event,
    Ack,
    ConnectError,
    BinaryEvent,
    BinaryAck,
}

impl Sio {
    pub fn new(kind: SioKind, data: Option<Value>) -> Sio {
        Sio {
            kind,
            nsp: "/".into(),
            id: None,
            attachments: None,
            data,
        }
    }

    /// An EVENT `[name, payload]` on the main namespace.
    pub fn event(name: &str, payload: Value) -> Sio {
        Sio::new(
            SioKind::Event,
            Some(Value::Array(vec![Value::String(name.into()), payload])),
        )
    }

    /// The event name and its arguments, for EVENT packets.
    pub fn event_parts(&self) -> Option<(&str, &[Value])> {
        let arr = self.data.as_ref()?.as_array()?;
        let (first, rest) = arr.split_first()?;
        Some((first.as_str()?, rest))
    }
}

pub fn decode_sio(s: &str) -> Result<Sio, CodecError> {
    let mut rest = s;
    let t = rest.chars().next().ok_or(CodecError::Empty)?;
    let kind = match t {
        '0' => SioKind::Connect,
        '1' => SioKind::Disconnect,
        '2' => SioKind::Event,
        '3' => SioKind::Ack,
        '4' => SioKind::ConnectError,
        '5' => SioKind::BinaryEvent,
        '6' => SioKind::BinaryAck,
        other => return Err(CodecError::UnknownType(other)),
    };
    // The type digit is ASCII, so one byte.
    rest = &rest[1..];
    let mut attachments = None;
    if matches!(kind, SioKind::BinaryEvent | SioKind::BinaryAck) {
        let dash = rest.find('-').ok_or(CodecError::BadAttachments)?;
        attachments = Some(
            rest[..dash]
                .parse()
                .map_err(|_| CodecError::BadAttachments)?,
        );
        rest = &rest[dash + 1..];
    }
    let mut nsp = "/".to_string();
    if rest.starts_with('/') {
        let end = rest.find(',').unwrap_or(rest.len());
        nsp = rest[..end].to_string();
        if nsp.len() > 128 {
            return Err(CodecError::BadNamespace);
        }
        rest = if end < rest.len() {
            &rest[end + 1..]
        } else {
            ""
        };
    }
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    let id = if digits > 0 {
        let v = rest[..digits].parse().map_err(|_| CodecError::BadJson)?;
        rest = &rest[digits..];
        Some(v)
    } else {
        None
    };
    let data = if rest.is_empty() {
        None
    } else {
        Some(serde_json::from_str(rest).map_err(|_| CodecError::BadJson)?)
    };
    Ok(Sio {
        kind,
        nsp,
        id,
        attachments,
        data,
    })
}

/// The complete text frame of an event: Engine.IO message, Socket.IO event.
pub fn event_frame(event: &str, payload: &Value) -> String {
    encode_eio(&Eio::Message(encode_sio(&Sio::event(
        event,
        payload.clone(),
    ))))
}

pub fn encode_sio(p: &Sio) -> String {
    let t = match p.kind {
        SioKind::Connect => '0',
        SioKind::Disconnect => '1',
        SioKind::Event => '2',
        SioKind::Ack => '3',
        SioKind::ConnectError => '4',
        SioKind::BinaryEvent => '5',
        SioKind::BinaryAck => '6',
    };
    let mut out = String::from(t);
    if let Some(n) = p.attachments {
        out.push_str(&format!("{n}-"));
    }
    if p.nsp != "/" {
        out.push_str(&p.nsp);
        out.push(',');
    }
    if let Some(id) = p.id {
        out.push_str(&id.to_string());
    }
    if let Some(d) = &p.data {
        out.push_str(&d.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Examples from the Socket.IO v5 protocol document.
    #[test]
    fn the_protocol_documents_examples_round_trip() {
        let cases = [
            "0",
            "0/admin,",
            r#"0{"token":"123"}"#,
            r#"0/admin,{"token":"123"}"#,
            r#"4{"message":"Not authorized"}"#,
            r#"2["hello",1]"#,
            r#"2/admin,["project:delete",123]"#,
            r#"212["foo"]"#,
            r#"312["bar"]"#,
            r#"3/admin,13["bar"]"#,
            r#"51-["hello",{"_placeholder":true,"num":0}]"#,
            "1/admin,",
        ];
        for c in cases {
            let p = decode_sio(c).unwrap_or_else(|e| panic!("{c}: {e:?}"));
            assert_eq!(encode_sio(&p), c, "{p:?}");
        }
    }

    #[test]
    fn fields_are_read_where_the_document_puts_them() {
        let p = decode_sio(r#"3/admin,13["bar"]"#).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (p.kind, p.nsp.as_str(), p.id),
            (SioKind::Ack, "/admin", Some(13))
        );
        let e = decode_sio(r#"2["subscribe",{"channel":"depth","symbol":"BTC/USDT"}]"#)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let (name, args) = e.event_parts().unwrap_or(("", &[]));
        assert_eq!(name, "subscribe");
        assert_eq!(args[0]["channel"], "depth");
        let b = decode_sio(r#"51-["hello",{"_placeholder":true,"num":0}]"#)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(b.attachments, Some(1));
    }

    #[test]
    fn engine_io_packets_from_the_v4_document() {
        assert_eq!(decode_eio("2probe"), Ok(Eio::Ping("probe".into())));
        assert_eq!(decode_eio("3"), Ok(Eio::Pong(String::new())));
        assert_eq!(decode_eio("4hello"), Ok(Eio::Message("hello".into())));
        assert_eq!(decode_eio("6"), Ok(Eio::Noop));
        assert_eq!(decode_eio("9"), Err(CodecError::UnknownType('9')));
        assert_eq!(decode_eio(""), Err(CodecError::Empty));
        assert_eq!(
            encode_eio(&Eio::Message(encode_sio(&Sio::event(
                "daymarket",
                json!({"a": 1})
            )))),
            r#"42["daymarket",{"a":1}]"#
        );
    }

    #[test]
    fn an_event_frame_is_a_message_carrying_an_event() {
        let payload = json!({"bids": [["1.5", "2"]], "note": "quote \" and \u{e9}"});
        assert_eq!(
            event_frame("market_depth", &payload),
            r#"42["market_depth",{"bids":[["1.5","2"]],"note":"quote \" and é"}]"#
        );
    }

    #[test]
    fn malformed_packets_are_errors_not_panics() {
        for bad in ["7", "2[", "5x-[]", "2{not json", "\u{1F600}"] {
            assert!(decode_sio(bad).is_err(), "{bad}");
        }
    }
}
