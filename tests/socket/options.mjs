// The socket.io-client options the app uses (web/src/lib/socket.ts), shared by
// the gateway test and the fan-out measurement so both connect as the app does.
export function appSocketOptions(token) {
  return {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20000,
    auth: token ? { token } : {},
  };
}
