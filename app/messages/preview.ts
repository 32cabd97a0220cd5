const PREVIEW = 140;

/** The start of a message, on one line, as a notification and the list of conversations show it. */
export function messagePreview(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line;
}
