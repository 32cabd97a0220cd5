import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { ActionMessage } from "~/components/action-message";
import { buttonClasses } from "~/components/ui/button";
import { cardWordsForm, setCardWords } from "~/decks/card-words.server";
import type { PageHandle } from "~/lib/page-handle";
import { CardMeaningText } from "~/decks/card-meaning";
import { readDeckCard } from "~/decks/manage.server";
import { Input, Textarea } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.card.name} · ${data.deck.title} — Arcanum` : "Card — Arcanum" }];

/** A card of one's own or a bought deck as a page: where the deck page's card leads without JavaScript, and a link to keep. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await readDeckCard(context.db, params.deckId ?? "", params.cardKey ?? "", user.id);
  if (!found) throw new Response("Card not found", { status: 404 });
  return found;
}

/** Saving words reads the card with its deck, may rewrite the painted lettering, and writes the card. */
export const handle: PageHandle = { actionRoundTrips: 6 };

type WordsAnswer = { ok: boolean; message: string };

/** The page's two forms: new words for the card, or its original words back. */
const wordsActionForm = lazySchema(() =>
  z.discriminatedUnion("intent", [cardWordsForm.extend({ intent: z.literal("words") }), z.object({ intent: z.literal("restore-words") })]),
);

/** The owner edits the card's title and description, or gives it back its original words. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, wordsActionForm);
  if (!read.ok) return data<WordsAnswer>({ ok: false, message: read.unknownIntent ? "Unknown action" : read.message }, { status: 400 });
  const words = read.data.intent === "words" ? { title: read.data.title, description: read.data.description } : null;
  const outcome = await setCardWords(context.db, context.cloudflare.env.MEDIA, user.id, params.deckId ?? "", params.cardKey ?? "", words);
  if (!outcome.ok) throw new Response(outcome.message, { status: outcome.status });
  return data<WordsAnswer>({ ok: true, message: outcome.message });
}

export default function DeckCardPage() {
  const { deck, card, previous, next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const base = `/collection/${deck.id}`;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-8 sm:px-6">
      <nav aria-label="Cards of the deck" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={base} className="text-brand underline">
          ← {deck.title}
        </Link>
        <span className="flex gap-4">
          {previous ? (
            <Link to={`${base}/cards/${previous}`} rel="prev" className="text-brand underline">
              Previous card
            </Link>
          ) : null}
          {next ? (
            <Link to={`${base}/cards/${next}`} rel="next" className="text-brand underline">
              Next card
            </Link>
          ) : null}
        </span>
      </nav>
      <article className="mt-6 grid gap-6 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-10">
        {card.imageUrl && card.status === "ready" ? (
          <img
            src={card.imageUrl}
            alt={`${card.name}, as painted for this deck`}
            className="mx-auto aspect-[3/4] w-2/3 rounded-2xl object-cover shadow-md sm:w-full"
          />
        ) : (
          <p className="rounded-2xl border border-line p-6 text-muted">This card is not painted yet.</p>
        )}
        <CardMeaningText card={card} meaning={card} headingId="card-name" level={1} />
      </article>
      {deck.own ? (
        <section aria-labelledby="words-heading" className="mt-10 rounded-2xl border border-line p-5">
          <h2 id="words-heading" className="text-xl font-semibold">
            The card's words
          </h2>
          <p className="mt-1 text-sm text-muted">The title is lettered on the card and its prints; the meaning stays the tarot's.</p>
          {answer ? (
            <ActionMessage ok={answer.ok} className="mt-3">
              {answer.message}
            </ActionMessage>
          ) : null}
          <Form method="post" className="mt-4 grid gap-3" key={`${card.name}|${card.description ?? ""}`}>
            <input type="hidden" name="intent" value="words" />
            <label className="text-sm font-semibold">
              Title on the card
              <Input name="title" defaultValue={card.name} maxLength={40} required />
            </label>
            <label className="text-sm font-semibold">
              Description
              <Textarea name="description" defaultValue={card.description ?? ""} maxLength={1000} rows={4} />
            </label>
            <button type="submit" className={`${buttonClasses("primary")} justify-self-start`}>
              Save the words
            </button>
          </Form>
          {card.original ? (
            <Form method="post" className="mt-4 border-t border-line pt-4 text-sm">
              <input type="hidden" name="intent" value="restore-words" />
              <p className="text-muted">Originally “{card.original.name}”.</p>
              <button type="submit" className={`${buttonClasses("secondary", "sm")} mt-2`}>
                Undo: give back the original words
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
