// The socket.io-client options the app uses, read from the file the app itself
// imports (web/src/lib/socketOptions.json), so the gateway test and the fan-out
// measurement connect exactly as the app does.
import { readFileSync } from 'node:fs';

const shared = JSON.parse(
  readFileSync(new URL('../../web/src/lib/socketOptions.json', import.meta.url), 'utf8'),
);

export function appSocketOptions(token) {
  return { ...shared, transports: [...shared.transports], auth: token ? { token } : {} };
}
