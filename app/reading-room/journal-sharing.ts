/**
 * Where sharing a journal entry stands, and how the page says it. A paid reading is the client's and
 * the reader's record alike: its link works only while both share it; the first to share asks, the
 * other agrees by sharing too, and either withdraws by stopping.
 */

export type EntrySharing =
  /** Not a paid reading: the link works while the person shares it. */
  | { kind: "own" }
  /**
   * A paid reading: `role` is the person's place in it; `asked` whether they share it, `agreed`
   * whether the other side does; the link works only with both.
   */
  | { kind: "paid"; role: "client" | "reader" | "guest"; asked: boolean; agreed: boolean };

/** Whether the entry's link works now. */
export function linkWorks(sharing: EntrySharing, shareId: string | null): boolean {
  return shareId !== null && (sharing.kind === "own" || sharing.agreed);
}

/** What sharing or unsharing did, said to the person who did it. */
export function sharingOutcome(sharing: EntrySharing, shareId: string | null): string {
  if (shareId === null) {
    return sharing.kind === "paid" && sharing.agreed ? "You withdrew: the link no longer works, for either of you." : "The link no longer works.";
  }
  if (linkWorks(sharing, shareId)) return "Anyone with the link can now read this (not your notes).";
  return "You asked to share this reading. The link works once the other side agrees.";
}

/** Who else must agree before a paid reading's link works. */
function otherSide(sharing: Extract<EntrySharing, { kind: "paid" }>) {
  if (sharing.role === "client") return { name: "your reader", agrees: "your reader agrees" };
  if (sharing.role === "reader") return { name: "your client", agrees: "your client agrees" };
  return { name: "the client and the reader", agrees: "the client and the reader both agree" };
}

/** Where a paid reading's sharing stands, in words: nobody asked, the other side asked, you asked, or both agreed. */
export function paidSharingState(sharing: Extract<EntrySharing, { kind: "paid" }>) {
  const other = otherSide(sharing);
  if (sharing.asked && sharing.agreed)
    return `You and ${other.name} both agreed to share this reading. Either of you can withdraw, and the link stops working.`;
  if (sharing.asked) return `You asked to share this reading. Its link works once ${other.agrees}; until then it shows nothing.`;
  if (sharing.agreed)
    return `${other.name[0]!.toUpperCase()}${other.name.slice(1)} asked to share this reading by a link (the question and the cards, never your notes). It works only if you agree.`;
  return `This was a paid reading, kept by you and ${other.name} alike: a link to it works only once both of you agree. Asking shows nothing until ${other.agrees}.`;
}

/** The one button: ask, agree, withdraw or stop, as the entry stands. */
export function shareButton(sharing: EntrySharing, shareId: string | null) {
  if (sharing.kind === "own") return shareId ? "Stop sharing" : "Make a read-only link";
  if (shareId) return sharing.agreed ? "Withdraw and stop sharing" : "Withdraw my request";
  return sharing.agreed ? "Agree and make a read-only link" : "Ask to share by a link";
}
