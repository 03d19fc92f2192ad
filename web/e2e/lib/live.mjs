// A page's live connection as the browser sees it, for flows that check what
// an open screen shows when the server decides something (an admin's review).

/**
 * Starts watching `page`'s websockets (call it before the page opens any).
 * `connected({ since })` resolves once the newest socket opened at or after
 * `since` (ms; a socket of a document since reloaded is not always seen to
 * close) and still open has received a server event (tickers reach every
 * socket each second): the server holds the screen's session, and with it the
 * signed-in user's private room.
 */
export function watchLive(page) {
  const sockets = [];
  page.on('websocket', (ws) => {
    const socket = { at: Date.now(), heard: false, closed: false };
    sockets.push(socket);
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('42[')) socket.heard = true;
    });
    ws.on('close', () => {
      socket.closed = true;
    });
  });
  return {
    async connected({ since = 0, timeout = 10_000 } = {}) {
      const until = Date.now() + timeout;
      while (Date.now() < until) {
        const open = sockets.filter((s) => s.at >= since && !s.closed);
        if (open.at(-1)?.heard) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the screen had no live connection within ${timeout} ms`);
    },
  };
}
