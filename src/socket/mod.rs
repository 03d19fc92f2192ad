//! The realtime gateway: Socket.IO v5 over Engine.IO v4 on websockets.

pub mod codec;
pub mod hub;
pub mod private;
pub mod session;
pub mod wire;
