/**
 * What the page, the service worker and the server agree on for a form sent from the outbox
 * (decision 0060). A post from the outbox says so in a header and names the account it was written
 * under; the server answers it with JSON: `{ ok, status, message }`.
 */
export const OUTBOX_HEADER = "x-arcanum-outbox";
export const OUTBOX_ACCOUNT_HEADER = "x-arcanum-outbox-account";

/** The kinds of form that may wait in the outbox, as `data-outbox` names them. */
export const OUTBOX_KINDS = ["journal-notes", "review", "create-deck", "flashcard-grade"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * A form whose later sends build on its earlier ones (the journal's notes) numbers them in this field:
 * 0 for the first, then 1, 2… (decision 0127). One send is its key and its number.
 */
export const SEND_FIELD = "send";

/** The key one send of a form claims: the form's key for the first, with the send's number after it for the later ones. */
export const sendKey = (key: string, send: number): string => (send === 0 ? key : `${key}.${send}`);

/** The name of one send of a form, as sent: `sendKey` of its key and number. */
export function sendName(data: FormData): string {
  return sendKey(String(data.get("submissionKey") ?? ""), Number(data.get(SEND_FIELD) ?? 0) || 0);
}

/** The server's word on one send; `held` when it was written under another account, or nobody is signed in. */
export type OutboxAnswer = { ok: boolean; status: number; message: string; held: boolean };

/** The status of a send written under another account than the one signed in now. */
export const OTHER_ACCOUNT_STATUS = 409;
export const OTHER_ACCOUNT_MESSAGE = "This was written while another account was signed in. Sign in as that account to send it, or dismiss it.";
