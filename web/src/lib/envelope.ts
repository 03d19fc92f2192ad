/**
 * Interpretation of the server's answer envelope (api-contract.md, "Envelope";
 * spec section 8). Pure: it decides what an answer means and the base query
 * acts on that decision (toast, sign-out, redirect).
 */

export type EnvelopeOutcome =
  /** Success: `type == "ok"` or `code == 1`; `data` is the payload (`message`). */
  | { kind: 'ok'; data: unknown }
  /** Type 999: not logged in, or the token expired or was revoked. */
  | { kind: 'unauthenticated'; message: string | null }
  /** Type 998: identity verification is needed first. */
  | { kind: 'verify'; message: string | null }
  /** Anything else: the call failed; `message` is the server's text when it sent one. */
  | { kind: 'error'; message: string | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Decides what a response means from its parsed JSON body (null when the body
 * was not JSON) and its HTTP status.
 */
export function interpretEnvelope(body: unknown, status: number): EnvelopeOutcome {
  if (isRecord(body)) {
    const type = body.type === undefined || body.type === null ? null : String(body.type);
    if (type === 'ok') return { kind: 'ok', data: body.message ?? null };
    if (body.code === 1 || body.code === '1') {
      return { kind: 'ok', data: 'message' in body ? body.message : (body.data ?? null) };
    }
    const message = textOf(body.message) ?? textOf(body.msg);
    if (type === '999') return { kind: 'unauthenticated', message };
    if (type === '998') return { kind: 'verify', message };
    return { kind: 'error', message };
  }
  if (status === 401) return { kind: 'unauthenticated', message: null };
  return { kind: 'error', message: null };
}
