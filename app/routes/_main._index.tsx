import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DeckTile } from "~/decks/deck-tile";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { DailyCard } from "~/daily/daily-card";
import { DAILY, dailyCardOf, dailyCardView, dailyReads } from "~/daily/daily.server";
import { CURATED_ROW_SIZE, curatedDecksQuery, keepCuratedRow, sharedCuratedRow } from "~/marketplace/browse.server";
import type { PageHandle } from "~/lib/page-handle";
import { readShape } from "~/lib/page-reads.server";

/** One round trip (the session's check and the page's reads together), and a render reused for the same data. */
export const handle: PageHandle = { roundTrips: 1, renderMemo: true };

/** The person's card of the day and the curated row of decks, written once (lib/page-reads); the row only when this isolate has no fresh copy of it. */
const WITH_ROW = readShape((db, me) => [...dailyReads(db, me), curatedDecksQuery(db, CURATED_ROW_SIZE)]);

export const meta: MetaFunction = () => [
  { title: "Arcanum — Create your own AI tarot deck" },
  {
    name: "description",
    content: "Describe a theme and Arcanum writes and paints your tarot deck. Collect and sell decks, read together in a live room, or book a human reader.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Read with the session's check, in the page's one round trip.
  const now = Date.now();
  const shared = sharedCuratedRow(now);
  const [settings, kept, deckCards, row] = shared ? [...(await context.read(DAILY, {})), null] : await context.read(WITH_ROW, {});
  const featured = shared ?? keepCuratedRow(row!, now);
  // A shared copy is rendered for nobody: it offers the card of the day instead of showing one.
  const user = await context.currentUser();
  const day = user ? dailyCardView(dailyCardOf(user.id, [settings, kept, deckCards], context.timeZone, now)) : null;
  // Where a deleted account lands (the profile page sends it here); the page is the same for everyone who arrives so.
  const accountDeleted = new URL(request.url).searchParams.get("account") === "deleted";
  return { featured, accountDeleted, day };
}

const STEPS = [
  {
    title: "Describe a theme",
    body: "Moonlit oceans, a neon city, your grandmother's garden. Pick a suggestion or write your own, and choose an art style.",
  },
  {
    title: "Watch it being painted",
    body: "AI writes each card's meaning for your theme and paints its art, card by card, while you watch the deck come alive.",
  },
  {
    title: "Collect, share or sell",
    body: "Keep decks private, publish them, or sell them in the marketplace. Start with the 22 Major Arcana, grow to all 78.",
  },
  {
    title: "Read together",
    body: "Open a live reading room, invite friends to see the same shuffle and spread, or book a human reader by the minute.",
  },
];

export default function Home() {
  const { featured, accountDeleted, day } = useLoaderData<typeof loader>();
  const fan = featured.slice(0, 3);
  return (
    <>
      {accountDeleted ? (
        <p role="status" className="mx-auto mt-6 max-w-3xl rounded-2xl border border-line bg-surface px-5 py-4 text-center text-sm">
          Your account is deleted and you are signed out. Thank you for reading with us.
        </p>
      ) : null}
      <section className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-10 sm:px-6 md:pt-20 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold">AI tarot, made yours</p>
          <h1 className="mt-4 text-5xl font-bold leading-[1.02] sm:text-6xl lg:text-7xl">Draw a deck no one has ever seen</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
            Describe a theme and Arcanum writes and paints every card. Collect your decks, sell them, read with friends in a live room, or book a human reader
            by the minute.
          </p>
          <Form method="get" action="/create-deck" className="mt-8 flex max-w-xl flex-col gap-3 sm:flex-row">
            <label htmlFor="hero-theme" className="sr-only">
              Your deck's theme
            </label>
            <input
              id="hero-theme"
              name="theme"
              required
              maxLength={200}
              placeholder="A theme, e.g. lanterns on a winter sea"
              className="h-12 w-full rounded-full border border-line bg-surface px-5 text-base sm:flex-1 text-ink placeholder:text-muted/80 focus:border-brand focus:outline-none"
            />
            <button type="submit" className={buttonClasses("gold", "lg")}>
              Create my deck
            </button>
          </Form>
          <div className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
            <Link reloadDocument to="/reading-room?create=true" className="text-brand underline-offset-4 hover:underline">
              Open a reading room →
            </Link>
            <Link to="/marketplace" className="text-brand underline-offset-4 hover:underline">
              Browse the marketplace →
            </Link>
          </div>
        </div>
        <div className="relative mx-auto h-[22rem] w-full max-w-md sm:h-[26rem]" aria-hidden="true">
          {fan.map((deck, i) => (
            <div
              key={deck.id}
              className="absolute left-1/2 top-1/2 w-40 sm:w-48"
              style={{
                transform: `translate(-50%, -50%) translateX(${(i - 1) * 34}%) rotate(${(i - 1) * 11}deg) translateY(${i === 1 ? -6 : 4}%)`,
                zIndex: i === 1 ? 2 : 1,
              }}
            >
              <TarotCardImage src={deck.coverUrl} alt="" width={192} />
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="daily-heading" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h2 id="daily-heading" className="sr-only">
          Card of the day
        </h2>
        {day ? (
          <div className="rounded-[2rem] border border-line bg-surface/80 p-6 sm:p-8" data-testid="home-daily-card">
            <DailyCard day={day} page="/" />
          </div>
        ) : (
          <div
            className="flex flex-col gap-3 rounded-[2rem] border border-line bg-surface/80 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
            data-testid="home-daily-offer"
          >
            <div>
              <p className="text-xl font-bold">Your card of the day</p>
              <p className="mt-1 text-sm text-muted">One card drawn for you each day at your own midnight, with its meaning and a question to carry.</p>
            </div>
            <Link to="/today" className={buttonClasses("gold", "md")}>
              Draw today's card
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold sm:text-4xl">
              Fresh from the studio
            </h2>
            <p className="mt-1 text-muted">Picked by our staff and loved by buyers.</p>
          </div>
          <Link to="/marketplace" className="shrink-0 text-sm font-semibold text-brand hover:underline">
            See all decks
          </Link>
        </div>
        {featured.length > 0 ? (
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {featured.map((deck) => (
              <li key={deck.id}>
                <DeckTile deck={deck} href={`/marketplace/${deck.id}`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 rounded-2xl border border-dashed border-line p-8 text-center text-muted">No public decks yet. Be the first to publish one.</p>
        )}
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="how-heading" className="text-center text-3xl font-bold sm:text-4xl">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-3xl border border-line bg-surface/80 p-6">
              <span className="font-display text-4xl font-bold text-gold">{["I", "II", "III", "IV"][i]}</span>
              <h3 className="mt-2 text-2xl font-bold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="grid gap-6 rounded-[2rem] border border-line bg-[linear-gradient(135deg,var(--brand-soft),var(--surface))] p-8 sm:p-12 md:grid-cols-2">
          <div>
            <h2 className="text-3xl font-bold sm:text-4xl">Your first deck is free</h2>
            <p className="mt-3 text-muted">
              Every account starts with one Major Arcana deck. Subscribe for more decks each month, higher image quality and lower fees when you sell.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3 md:justify-end">
            <Link to="/create-deck" className={buttonClasses("primary", "lg")}>
              Start creating
            </Link>
            <Link to="/pricing" className={buttonClasses("secondary", "lg")}>
              See plans
            </Link>
            <Link to="/become-reader" className={buttonClasses("ghost", "lg")}>
              Become a reader
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
