import { Link } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { Badge } from "~/components/ui/badge";
import { formatCount, formatPerMinute } from "~/lib/format";
import { cn } from "~/lib/cn";

export function LevelBadge({ levelName }: { levelName: string | null }) {
  return levelName ? <Badge tone="gold">{levelName}</Badge> : null;
}

/** "★ 4.8 · 123 readings", or "New" for a reader nobody has rated yet. */
export function RatingLine({
  rating,
  ratingCount,
  completedReadings,
  className,
}: {
  rating: number | null;
  ratingCount: number;
  completedReadings: number;
  className?: string;
}) {
  const readings = `${formatCount(completedReadings)} ${completedReadings === 1 ? "reading" : "readings"}`;
  if (rating === null || ratingCount === 0) {
    return (
      <p className={cn("text-sm text-muted", className)}>
        <span className="font-semibold text-ink">New</span>
        {completedReadings > 0 ? ` · ${readings}` : null}
      </p>
    );
  }
  return (
    <p className={cn("text-sm text-muted", className)}>
      <span className="font-semibold text-ink">
        <span aria-hidden="true" className="text-gold">
          ★
        </span>{" "}
        <span className="sr-only">Rated </span>
        {rating.toFixed(1)}
      </span>{" "}
      · {readings}
    </p>
  );
}

/** The avatar with a dot that is green while the reader is online. */
export function ReaderAvatar({ name, url, online, size }: { name: string; url: string | null; online: boolean; size: number }) {
  return (
    <span className="relative shrink-0">
      <Avatar name={name} url={url} size={size} />
      <span
        className={cn(
          "absolute bottom-0 right-0 rounded-full border-2 border-surface",
          online ? "bg-emerald-500" : "bg-zinc-400",
          size > 64 ? "h-5 w-5" : "h-3.5 w-3.5",
        )}
        aria-hidden="true"
      />
    </span>
  );
}

/** A reader of the local demo world (decision 0099): seeded, and online whenever Arcanum runs locally. */
export function DemoBadge({ demo }: { demo: boolean }) {
  return demo ? (
    <Badge tone="neutral">
      <span data-testid="reader-demo">Demo reader</span>
    </Badge>
  ) : null;
}

export function OnlineBadge({ online }: { online: boolean }) {
  return (
    <Badge tone={online ? "success" : "neutral"}>
      <span data-testid="reader-status">{online ? "Online now" : "Offline"}</span>
    </Badge>
  );
}

type CardReader = {
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  pricePerMinuteCents: number | null;
  levelName: string | null;
  specialties: string[];
  languages: string[];
  introduction?: string;
  demo: boolean;
  completedReadings: number;
  ratingCount: number;
  rating: number | null;
};

/** One reader on the list: who they are, what they read about, in which languages, how they are rated and what they charge. */
export function ReaderCard({ reader, online, lastSeen }: { reader: CardReader; online: boolean; lastSeen?: string | null }) {
  const name = reader.fullName || reader.username;
  return (
    <Link
      to={`/readers/${reader.username}`}
      data-reader={reader.username}
      className="flex h-full flex-col rounded-3xl border border-line bg-surface/90 p-5 transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <div className="flex items-center gap-4">
        <ReaderAvatar name={name} url={reader.avatarUrl} online={online} size={56} />
        {/* Room on the right for the favourite heart laid over the card. */}
        <div className="min-w-0 pr-12">
          <h2 className="truncate text-2xl font-bold">{name}</h2>
          <p className="truncate text-sm text-muted">@{reader.username}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <LevelBadge levelName={reader.levelName} />
        <DemoBadge demo={reader.demo} />
        <OnlineBadge online={online} />
        {!online && lastSeen ? <span className="text-xs text-muted">Last online {lastSeen}</span> : null}
      </div>
      {reader.introduction ? <p className="mt-3 line-clamp-2 text-sm">{reader.introduction}</p> : null}
      {reader.specialties.length > 0 ? (
        <ul aria-label="Specialties" className="mt-4 flex flex-wrap gap-1.5">
          {reader.specialties.slice(0, 3).map((specialty) => (
            <li key={specialty} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs text-ink">
              {specialty}
            </li>
          ))}
          {reader.specialties.length > 3 ? <li className="px-1 text-xs text-muted">+{reader.specialties.length - 3} more</li> : null}
        </ul>
      ) : null}
      {reader.languages.length > 0 ? (
        <p className="mt-3 text-sm text-muted">
          <span className="sr-only">Languages: </span>
          {reader.languages.join(" · ")}
        </p>
      ) : null}
      <div className="mt-auto flex items-end justify-between gap-3 pt-5">
        <RatingLine rating={reader.rating} ratingCount={reader.ratingCount} completedReadings={reader.completedReadings} />
        <span className="shrink-0 font-semibold">{formatPerMinute(reader.pricePerMinuteCents)}</span>
      </div>
    </Link>
  );
}
