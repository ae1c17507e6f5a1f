/** 32 hex digits from the browser's random source (crypto.randomUUID needs https; this does not). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The last request the dialog sent and the key it carried. */
export interface SentRequest {
  asked: string;
  key: string;
}

/**
 * Issue 41: one key per send. The same request sent again (Send clicked after a call that got no
 * answer) carries the key it carried before, so the server faxes it once; any other request a new
 * key. `asked` is the request without its key, as text.
 */
export function keyForSend(last: SentRequest | null, asked: string): SentRequest {
  return last?.asked === asked ? last : { asked, key: newRequestKey() };
}
