import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Wordmark } from "~/components/logo";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import type { loadReadingRoom } from "./room.server";

export const roomMeta: MetaFunction<typeof loadReadingRoom> = ({ data }) => [
  { title: data?.deck ? `Reading with ${data.deck.title} — Arcanum` : "Reading Room — Arcanum" },
];

function FullScreen({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_50%_30%,var(--bg-glow),var(--bg)_70%)]">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Arcanum home" className="rounded-md">
          <Wordmark />
        </Link>
        <Link to="/" className={buttonClasses("ghost", "sm")}>Leave</Link>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-8 px-4 pb-16 text-center">
        {children}
      </main>
    </div>
  );
}

export function ReadingRoomPage() {
  const { deck, reading, canStart } = useLoaderData<typeof loadReadingRoom>();
  return (
    <FullScreen>
      <div className="flex h-56 items-end justify-center sm:h-64" aria-hidden="true">
        {(deck?.cards ?? Array.from({ length: 5 }, () => null)).map((card, i) => (
          <div
            key={card?.id ?? i}
            className="-mx-3 w-20 sm:-mx-4 sm:w-36"
            style={{ transform: `rotate(${(i - 2) * 9}deg) translateY(${Math.abs(i - 2) * 10}px)` }}
          >
            <TarotCardImage src={card?.imageUrl ?? null} alt="" width={144} />
          </div>
        ))}
      </div>
      <div>
        <h1 className="text-5xl font-bold">{reading ? "Your reading" : "Reading Room"}</h1>
        {reading ? (
          <p className="mt-3 max-w-lg text-muted" data-testid="reading">
            Started{" "}
            <time dateTime={new Date(reading.createdAt).toISOString()}>
              {new Date(reading.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC
            </time>
            {reading.isHost ? ", hosted by you" : ""}. The shared table, where everyone sees the same shuffle, spread and draw, opens here soon.
          </p>
        ) : (
          <p className="mt-3 max-w-lg text-muted">
            {deck ? `Chosen deck: ${deck.title}${deck.creator ? ` by @${deck.creator}` : ""}. ` : ""}
            Start a reading to keep its place; the live shared table, where everyone sees the same shuffle, spread and draw, opens here soon.
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {canStart && !reading ? (
          <Form method="post">
            <button type="submit" className={buttonClasses("primary")}>Start a reading</button>
          </Form>
        ) : null}
        <Link to="/marketplace" className={buttonClasses(canStart && !reading ? "secondary" : "primary")}>Browse decks</Link>
        <Link to="/readers" className={buttonClasses("secondary")}>Meet the readers</Link>
      </div>
    </FullScreen>
  );
}

export function ReadingRoomError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const isReading = isRouteErrorResponse(error) && error.data === "Reading not found";
  return (
    <FullScreen>
      <h1 className="text-5xl font-bold">{notFound ? (isReading ? "Reading not found" : "Deck not found") : "Something went wrong"}</h1>
      <p className="text-muted">
        {notFound
          ? isReading
            ? "This reading does not exist, or it is not one of yours."
            : "This deck does not exist or is private."
          : "An unexpected error occurred"}
      </p>
      <Link to="/reading-room" className={buttonClasses("primary")}>Open the reading room</Link>
    </FullScreen>
  );
}
