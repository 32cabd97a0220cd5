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

/** The server's word on one send; `held` when it was written under another account, or nobody is signed in. */
export type OutboxAnswer = { ok: boolean; status: number; message: string; held: boolean };

/** The status of a send written under another account than the one signed in now. */
export const OTHER_ACCOUNT_STATUS = 409;
export const OTHER_ACCOUNT_MESSAGE = "This was written while another account was signed in. Sign in as that account to send it, or dismiss it.";
