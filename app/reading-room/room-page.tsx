import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Wordmark } from "~/components/logo";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { ReadingTable } from "./reading-table";
import type { loadReadingRoom } from "./room.server";
import { LocalTime } from "~/components/local-time";

export const roomMeta: MetaFunction<typeof loadReadingRoom> = ({ data }) => [
  { title: data?.deck ? `Reading with ${data.deck.title} — Arcanum` : "Reading Room — Arcanum" },
];

/** `leave` is off in a paid reading, which is left by ending it (its bar's End reading), not by walking away mid-minute. */
function FullScreen({ children, wide = false, leave = true }: { children: React.ReactNode; wide?: boolean; leave?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_50%_30%,var(--bg-glow),var(--bg)_70%)]">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Arcanum home" className="rounded-md">
          <Wordmark />
        </Link>
        {leave ? (
          <Link to="/" className={buttonClasses("ghost", "sm")}>
            Leave
          </Link>
        ) : null}
      </header>
      {/* On a phone the foot of the page stays clear of the chat button that floats there. */}
      <main
        id="main"
        className={
          wide
            ? "flex flex-1 flex-col items-center gap-4 px-3 pb-24 sm:px-6 sm:pb-10"
            : "flex flex-1 flex-col items-center justify-center gap-8 px-4 pb-16 text-center"
        }
      >
        {children}
      </main>
    </div>
  );
}

export function ReadingRoomPage() {
  const { deck, reading, ended, canStart, confirmCreate } = useLoaderData<typeof loadReadingRoom>();
  if (ended) {
    return (
      <FullScreen>
        <div className="max-w-xl">
          <h1 className="text-5xl font-bold">This reading has ended</h1>
          <p className="mt-3 text-muted">
            Nobody was at the table for over an hour, so the room closed
            {ended.endedAt ? (
              <>
                {" after "}
                <LocalTime at={ended.endedAt} style="mediumWithTime" />
              </>
            ) : null}
            .
          </p>
          {ended.cards.length > 0 ? (
            <div className="mt-6 rounded-3xl border border-line bg-surface/80 p-5 text-left">
              {ended.question ? <p className="font-semibold">“{ended.question}”</p> : null}
              <ul className="mt-2 list-disc pl-5 text-sm">
                {ended.cards.map((card) => (
                  <li key={card.position}>
                    {card.name}
                    {card.isReversed ? " (reversed)" : ""}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <Link reloadDocument to="/reading-room?create=true" className={buttonClasses("primary")}>
          Open a new room
        </Link>
      </FullScreen>
    );
  }
  if (reading) {
    return (
      <FullScreen wide leave={!reading.isPaid}>
        <h1 className="sr-only">Your reading</h1>
        <ReadingTable
          key={reading.id}
          sessionId={reading.id}
          initial={reading.state}
          faces={reading.faces}
          artDeckId={reading.artDeckId}
          back={reading.back}
          cardInfo={reading.cardInfo}
          isHost={reading.isHost}
          viewerId={reading.viewerId}
          iceServers={reading.iceServers}
          decks={reading.decks}
          deckTitle={reading.deckTitle}
          startCall={reading.startCall}
          callKind={reading.callKind}
          isPaid={reading.isPaid}
          ownSpreads={reading.ownSpreads}
          chat={reading.chat}
          follow={reading.follow}
        />
      </FullScreen>
    );
  }
  // The fan is centred whatever the number of cards the viewer may see.
  const fan = deck && deck.cards.length > 0 ? deck.cards : Array.from({ length: 5 }, () => null);
  return (
    <FullScreen>
      <div className="flex h-56 items-end justify-center sm:h-64" aria-hidden="true">
        {fan.map((card, i, all) => (
          <div
            key={card?.id ?? i}
            className="-mx-3 w-20 sm:-mx-4 sm:w-36"
            style={{ transform: `rotate(${(i - (all.length - 1) / 2) * 9}deg) translateY(${Math.abs(i - (all.length - 1) / 2) * 10}px)` }}
          >
            <TarotCardImage src={card?.imageUrl ?? null} alt="" width={144} />
          </div>
        ))}
      </div>
      <div>
        <h1 className="text-5xl font-bold">{confirmCreate ? "Start a new reading?" : "Reading Room"}</h1>
        {confirmCreate ? (
          <p className="mt-3 max-w-lg" data-testid="confirm-create">
            A link from another site asked to open a reading for you. Start one only if you meant to.
          </p>
        ) : null}
        <p className="mt-3 max-w-lg text-muted">
          {deck ? `Chosen deck: ${deck.title}${deck.creator ? ` by @${deck.creator}` : ""}. ` : ""}
          {deck?.locked
            ? "This deck is for the people who buy it: buy it to read with every card."
            : "Start a reading and invite others: everyone at the table sees the same shuffle, spread and draw as it happens."}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {deck?.locked ? (
          <Link to={`/marketplace/${deck.id}`} className={buttonClasses("primary")}>
            See the deck in the marketplace
          </Link>
        ) : null}
        {canStart ? (
          <Form method="post">
            <button type="submit" className={buttonClasses("primary")}>
              Start a reading
            </button>
          </Form>
        ) : null}
        <Link to="/marketplace" className={buttonClasses(canStart || deck?.locked ? "secondary" : "primary")}>
          Browse decks
        </Link>
        <Link to="/readers" className={buttonClasses("secondary")}>
          Meet the readers
        </Link>
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
      <Link reloadDocument to="/reading-room" className={buttonClasses("primary")}>
        Open the reading room
      </Link>
    </FullScreen>
  );
}
