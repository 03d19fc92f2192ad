//! Delivery of verification codes. E-mail goes through SMTP when a host is
//! configured; otherwise (and always for SMS, which has no provider yet) the code is
//! written to the log. With `dev.outbox` on, every code is also kept for
//! `GET /api/dev/outbox` so the demo and the tests can read it.

use crate::config::SmtpSettings;
use crate::i18n::{t, Lang};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where a code goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

pub struct Notifier {
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, String)>,
}

impl Notifier {
    pub fn new(cfg: &SmtpSettings) -> Notifier {
        if cfg.host.is_empty() {
            return Notifier { smtp: None };
        }
        // Plain SMTP to a relay the operator runs (localhost or a private network);
        // the relay handles TLS to the outside world.
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&cfg.host).port(cfg.port);
        if !cfg.username.is_empty() {
            builder =
                builder.credentials(Credentials::new(cfg.username.clone(), cfg.password.clone()));
        }
        Notifier {
            smtp: Some((builder.build(), cfg.from.clone())),
        }
    }

    /// Sends `code` to `address`; an error means the user did not get it.
    pub async fn send_code(
        &self,
        channel: Channel,
        address: &str,
        code: &str,
        lang: Lang,
    ) -> Result<(), String> {
        match (&self.smtp, channel) {
            (Some((transport, from)), Channel::Email) => {
                let message = Message::builder()
                    .from(from.parse().map_err(|e| format!("from address: {e}"))?)
                    .to(address.parse().map_err(|e| format!("to address: {e}"))?)
                    .subject(t(lang, "mail_code_subject", &[]))
                    .body(t(lang, "mail_code_body", &[("code", code.to_string())]))
                    .map_err(|e| format!("building mail: {e}"))?;
                transport
                    .send(message)
                    .await
                    .map(|_| ())
                    .map_err(|e| format!("smtp: {e}"))
            }
            _ => {
                log::info!("verification code for {address}: {code} ({channel:?}, no provider)");
                Ok(())
            }
        }
    }
}
