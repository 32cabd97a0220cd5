/** A plain-text answer: a sentence for a person, never cached. */
export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** Answers that refuse whoever asked: no credentials, another site, a body too large or of the wrong kind, too many requests. */
export const REFUSAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 413, 415, 429]);
