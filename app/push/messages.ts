// What a push carries, shared by the Worker that sends it and the service worker that shows it (decision 0061).

export const PUSH_KINDS = ["reading-request", "reader-online", "deck-ready", "sale", "daily-card", "booking", "message", "new-deck", "wished-deck"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What each kind is called where a person turns it on or off. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  "reading-request": "Paid reading requests and guarantee claims (for readers)",
  "reader-online": "Readers I follow coming online",
  "deck-ready": "My decks when they are ready",
  sale: "Sales of my decks",
  "daily-card": "My card of the day, at the time I chose",
  booking: "Reminders of my scheduled readings",
  message: "Messages about my readings (by e-mail when no device of mine takes pushes)",
  "new-deck": "New decks from creators I follow (by e-mail when no device of mine takes pushes)",
  "wished-deck": "Price drops on my wishlist (by e-mail when no device of mine takes pushes)",
};

/**
 * A notification's buttons; Accept and Decline open `url` with `?choice=` naming the one pressed,
 * "Stop these" opens its own page (a path of this site) that turns such notices off.
 */
export type PushAction = { action: "accept" | "decline"; title: string } | { action: "stop"; title: string; url: string };

/** The decrypted body of every push: enough to show the notification without asking the server. */
export type PushMessage = {
  kind: PushKind;
  title: string;
  body: string;
  /** The page a click opens (a path on this site). */
  url: string;
  /** Repeats of the same thing replace each other instead of piling up. */
  tag: string;
  actions?: PushAction[];
};

/** The page a notification click opens: the message's own page, and for a button, the button's choice with it. */
export function notificationTarget(message: Pick<PushMessage, "url" | "actions">, action: string): string {
  const chosen = message.actions?.find((candidate) => candidate.action === action);
  if (!chosen) return message.url;
  if (chosen.action === "stop") return chosen.url;
  return `${message.url}${message.url.includes("?") ? "&" : "?"}choice=${chosen.action}`;
}
