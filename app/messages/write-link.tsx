import { Link } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { buttonClasses } from "~/components/ui/button";
import { closesAt, MESSAGE_WINDOW_DAYS } from "./rules";

/**
 * On a finished reading's page: the way to write to the other person about it while its 30 days
 * last. `openedAt` is when the reading ended or was answered.
 */
export function WriteAboutReading({ readingId, openedAt, otherName }: { readingId: string; openedAt: number; otherName: string }) {
  const until = closesAt(openedAt);
  if (until <= Date.now()) return null;
  return (
    <section className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-3xl border border-line bg-surface/90 p-6" data-testid="write-about">
      <p className="min-w-0 text-sm">
        {`A question about this reading? You can write to ${otherName} for ${MESSAGE_WINDOW_DAYS} days after it, until `}
        <LocalTime at={until} style="long" />.
      </p>
      <Link to={`/messages/${readingId}`} className={buttonClasses("secondary", "sm")} data-testid="write-link">
        Write to {otherName}
      </Link>
    </section>
  );
}
