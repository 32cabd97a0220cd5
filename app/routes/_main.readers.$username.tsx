import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DemoBadge, LevelBadge, OnlineBadge, RatingLine, ReaderAvatar } from "~/readers/reader-cards";
import { buttonClasses } from "~/components/ui/button";
import { formatLastSeen } from "~/readers/format";
import { formatCount, formatPerMinute } from "~/lib/format";
import { publicReviewsOf, reviewCountOf } from "~/paid-readings/readings.server";
import { LocalTime } from "~/components/local-time";
import { getPublicReader } from "~/readers/queries.server";
import { PushButton } from "~/push/push-button";
import { useReaderPresence } from "~/readers/use-reader-presence";
import { FavouriteControls } from "~/readers/favourite-controls";
import { chosenTimeZone } from "~/paid-readings/booked-times.server";
import { nextOpenSlot } from "~/paid-readings/slots.server";
import { momentLabel } from "~/paid-readings/schedule";
import { writtenOnProfile } from "~/paid-readings/written.server";
import { WrittenOffers } from "~/paid-readings/written-offers";
import { answerTimeText } from "~/paid-readings/written";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Reader not found — Arcanum" }];
  const { reader, origin } = data;
  const name = reader.fullName || reader.username;
  const title = `${name} — Tarot reader on Arcanum`;
  const about = reader.bio?.trim() || `${reader.levelName ?? "Certified"} tarot reader on Arcanum.`;
  const text = `${about} ${formatPerMinute(reader.pricePerMinuteCents)}.`;
  const description = text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
  const image = reader.avatarUrl ? new URL(reader.avatarUrl, origin).href : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Arcanum" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/readers/${reader.username}` },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: name },
        ]
      : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const viewer = await context.currentUser();
  const fallbackZone = context.timeZone;
  const [reader, reviews, reviewCount, nextSlot, timeZone, written] = await Promise.all([
    getPublicReader(context.db, params.username ?? "", now, viewer?.id),
    publicReviewsOf(context.db, params.username ?? ""),
    reviewCountOf(context.db, params.username ?? ""),
    nextOpenSlot(context.db, params.username ?? "", now),
    viewer ? chosenTimeZone(context.db, viewer.id, fallbackZone) : Promise.resolve(fallbackZone),
    writtenOnProfile(context.db, params.username ?? ""),
  ]);
  if (!reader) throw new Response("Reader not found", { status: 404 });
  const { lastSeenAt, ...shown } = reader;
  return {
    reader: shown,
    /** Someone signed in (a guest too) who is not this reader may favourite them. */
    mayFavourite: viewer !== null && viewer.username !== reader.username,
    reviews,
    /** Every review of the reader; the page shows the newest. */
    reviewCount,
    written,
    /** Anyone but the reader may ask for a written reading (a visitor or guest signs up on the way). */
    mayAsk: viewer?.username !== reader.username,
    lastSeen: !reader.online && lastSeenAt !== null ? formatLastSeen(lastSeenAt, now) : null,
    /** The reader's next open slot, in the viewer's time. */
    nextAvailable: nextSlot !== null ? momentLabel(timeZone, nextSlot) : null,
    origin: new URL(request.url).origin,
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-surface-2 p-4">
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 text-base">{children}</dd>
    </div>
  );
}

export default function ReaderProfile() {
  const { reader, reviews, reviewCount, lastSeen, mayFavourite, nextAvailable, written, mayAsk } = useLoaderData<typeof loader>();
  const live = useReaderPresence(reader.online ? [reader.username] : []);
  const online = live.has(reader.username);
  const name = reader.fullName || reader.username;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/readers" className="hover:text-ink">
          Readers
        </Link>{" "}
        <span aria-hidden="true">/</span> <span>{name}</span>
      </nav>
      <article className="mt-6 rounded-3xl border border-line bg-surface/90 p-6 sm:p-8">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
          <ReaderAvatar name={name} url={reader.avatarUrl} online={online} size={96} />
          <div className="min-w-0">
            <h1 className="text-4xl font-bold sm:text-5xl">{name}</h1>
            <p className="text-muted">@{reader.username}</p>
            {reader.introduction ? (
              <p className="mt-3 max-w-prose text-lg" data-testid="reader-introduction">
                {reader.introduction}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <LevelBadge levelName={reader.levelName ? `${reader.levelName} reader` : null} />
              <DemoBadge demo={reader.demo} />
              <OnlineBadge online={online} />
              {!online && (lastSeen || reader.online) ? (
                // A reader who leaves while the page is open was online a moment ago.
                <span className="text-sm text-muted">Last online {lastSeen ?? "just now"}</span>
              ) : null}
            </div>
            <RatingLine rating={reader.rating} ratingCount={reader.ratingCount} completedReadings={reader.completedReadings} className="mt-3" />
          </div>
          <div className="flex flex-col items-center gap-3 sm:ml-auto sm:items-end">
            <p className="font-display text-3xl font-bold text-gold">{formatPerMinute(reader.pricePerMinuteCents)}</p>
            {online ? (
              <Link to={`/readers/${reader.username}/book`} className={buttonClasses("primary", "lg")} data-testid="start-reading">
                Start a reading
              </Link>
            ) : null}
            <p className="text-sm font-semibold" data-testid="reader-next-available">
              {online ? "Available now" : nextAvailable ? `Next available ${nextAvailable}` : null}
            </p>
            {nextAvailable ? (
              <Link to={`/readers/${reader.username}/schedule`} className={buttonClasses(online ? "secondary" : "primary")} data-testid="book-a-time">
                Book a time
              </Link>
            ) : null}
            {mayFavourite ? (
              <FavouriteControls
                username={reader.username}
                name={name}
                saved={reader.favourite}
                className="max-w-xs justify-center sm:justify-end"
                whenNotified={
                  <PushButton
                    className="text-center text-xs sm:text-right"
                    label="Show these notices on this device too"
                    done={`This device will tell you when ${name} comes online (instead of an e-mail), at most once every three hours.`}
                    follow={reader.username}
                  />
                }
              />
            ) : null}
          </div>
        </div>
        {reader.demo ? (
          <p className="mt-6 rounded-2xl border border-gold/40 bg-surface-2 p-4 text-sm" data-testid="reader-demo-note">
            {name} is part of Arcanum’s local demo: seeded with the app and online whenever it runs on this machine, never on the live site. A request to {name}{" "}
            waits for someone signed in as {name} in another browser to accept it.
          </p>
        ) : null}
        {reader.bio ? <p className="mt-8 whitespace-pre-line text-lg leading-relaxed">{reader.bio}</p> : null}
        <dl className="mt-8 grid gap-3 sm:grid-cols-2">
          <Fact label="Specialties">{reader.specialties.length > 0 ? reader.specialties.join(" · ") : "Not given"}</Fact>
          <Fact label="Languages">{reader.languages.length > 0 ? reader.languages.join(" · ") : "Not given"}</Fact>
          <Fact label="Years of practice">{reader.yearsOfPractice === 1 ? "1 year" : `${reader.yearsOfPractice} years`}</Fact>
          <Fact label="Completed readings">{reader.completedReadings}</Fact>
          {written.averageAnswerMs !== null ? (
            <Fact label="Average answer time for written readings">
              <span data-testid="written-average">{answerTimeText(written.averageAnswerMs)}</span>
            </Fact>
          ) : null}
        </dl>
        {reader.certificateId ? (
          <p className="mt-6 text-sm">
            <Link to={`/certificate/${reader.certificateId}`} className="font-medium text-ink underline underline-offset-4 hover:text-gold">
              Verified certificate
            </Link>
            <span className="text-muted"> · passed Arcanum’s tarot quiz</span>
          </p>
        ) : null}
        {!online ? (
          <p className="mt-8 rounded-2xl bg-surface-2 p-4 text-sm text-muted">
            {name} is offline. Readings start when a reader is online; check back later or choose another reader who is online now.
          </p>
        ) : null}
      </article>
      <WrittenOffers username={reader.username} name={name} offers={written.offers} mayAsk={mayAsk} />
      <section aria-labelledby="reviews-heading" className="mt-8 rounded-3xl border border-line bg-surface/90 p-6 sm:p-8">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          Reviews
        </h2>
        {reviewCount > reviews.length ? (
          <p className="mt-1 text-sm text-muted" data-testid="reader-review-count">
            The {reviews.length} newest of {formatCount(reviewCount)} reviews.
          </p>
        ) : null}
        {reviews.length === 0 ? (
          <p className="mt-3 text-muted">No reviews yet: clients review a reader after a paid reading.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line" data-testid="reader-reviews">
            {reviews.map((review) => (
              <li key={`${review.clientName}-${review.createdAt}`} className="py-4">
                <p className="text-sm">
                  <span className="text-gold" aria-label={`${review.rating} out of 5 stars`}>
                    {"★".repeat(review.rating)}
                  </span>
                  <span className="text-muted">
                    {" "}
                    · {review.clientName} · <LocalTime at={review.createdAt} style="medium" />
                  </span>
                </p>
                {review.body ? <p className="mt-1">{review.body}</p> : null}
                {review.reply ? (
                  <p className="mt-2 border-l-4 border-gold/50 pl-3 text-sm text-muted">
                    {reader.fullName || reader.username} answered: {review.reply}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
