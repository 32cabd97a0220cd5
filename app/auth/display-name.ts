/** The name the avatar menu is headed by: username, else the e-mail's local part, else User. */
export function displayName(user: { username: string | null; email: string | null }): string {
  return user.username || user.email?.split("@")[0] || "User";
}

/**
 * The name a person is shown by to the others in a reading, on its requests, receipts and reviews:
 * the full name they gave (a reader's display name), else their username, else the e-mail's local
 * part. The paid readings' queries say the same in SQL (`personName` in readings.server.ts).
 */
export function personName(user: { fullName?: string | null; username: string | null; email: string | null }): string {
  return user.fullName || displayName(user);
}

/** Direction marks, embeddings, overrides and isolates: invisible, they reverse the text beside a name. */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The C0 and C1 control characters and DEL: line breaks, tabs and codes no name holds. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * A name as people may write it wherever it is shown (profile, reader, certificate): direction
 * controls dropped, control characters made spaces, spaces collapsed, trimmed.
 */
export function cleanName(value: string): string {
  return value.replace(DIRECTION_CONTROLS, "").replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

/** `cleanName` for a form field, before its schema checks it; anything not text is left for the schema to refuse. */
export function cleanNameInput(value: unknown): unknown {
  return typeof value === "string" ? cleanName(value) : value;
}
