/** Tells a creator that the staff hid their deck from the marketplace, why, and what that means. */
export function HiddenNotice({ hidden }: { hidden: { reason: string | null } | null }) {
  if (!hidden) return null;
  return (
    <section
      role="note"
      aria-labelledby="hidden-notice-heading"
      className="rounded-2xl border border-danger/40 bg-surface p-4 text-sm"
      data-testid="hidden-notice"
    >
      <h3 id="hidden-notice-heading" className="font-semibold text-danger">
        Hidden from the marketplace by Arcanum staff{hidden.reason ? `: ${hidden.reason}` : ""}
      </h3>
      <p className="mt-2 text-muted">
        The deck is not shown in search or on its marketplace page to anyone but you and the people who bought it. Buyers keep it in their collections and can
        still read with it. You still have the deck; if you think this is a mistake, write to the Arcanum staff.
      </p>
    </section>
  );
}
