import { cn } from "~/lib/cn";

/**
 * The verified-creator badge, shown beside a creator's name while their plan carries it. It reads
 * as words, not only as its mark; `compact` (deck tiles) shows "Verified" and says the rest to
 * screen readers.
 */
export function VerifiedCreatorBadge({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span
      title="Verified creator: a Visionary member"
      className={cn(
        "inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-brand-soft px-2 py-0.5 align-middle text-xs font-semibold text-ink",
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current text-brand">
        <path d="M8 .5l1.9 1.4 2.3-.2.7 2.2 1.9 1.3-.7 2.3.7 2.2-1.9 1.4-.7 2.2-2.3-.2L8 14.5l-1.9-1.4-2.3.2-.7-2.2L1.2 9.7 1.9 7.5l-.7-2.3 1.9-1.3.7-2.2 2.3.2zM6.9 10.6l4.6-4.6-1-1-3.6 3.6-1.6-1.6-1 1z" />
      </svg>
      {compact ? (
        <>
          Verified<span className="sr-only"> creator</span>
        </>
      ) : (
        "Verified creator"
      )}
    </span>
  );
}
