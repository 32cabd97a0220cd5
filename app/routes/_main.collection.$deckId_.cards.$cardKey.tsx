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
import { FixPaymentLink } from "~/components/action-message";
import { CARD_PROMPT_MAX, repaintForm } from "~/decks/card-prompt";
import { regenerateCard } from "~/decks/create.server";
import { keepCardPicture, keepPictureForm } from "~/decks/card-pictures.server";
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

/**
 * Saving words reads the card with its deck, may rewrite the painted lettering, and writes the card;
 * a repaint reads the deck, the card and its repaints, holds the card and wakes the deck's painter,
 * as the deck page's repaint does.
 */
export const handle: PageHandle = { actionRoundTrips: 10 };

type CardAnswer = { ok: boolean; message: string; intent: "words" | "repaint" | "keep"; fixPaymentPath?: string };

/** The page's forms, one branch per button: new words, the original words back, a repaint with the card's own words, or a picture kept. */
const cardActionForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    cardWordsForm.extend({ intent: z.literal("words") }),
    z.object({ intent: z.literal("restore-words") }),
    repaintForm.omit({ card: true }).extend({ intent: z.literal("repaint") }),
    keepPictureForm.extend({ intent: z.literal("keep") }),
  ]),
);

/** The owner edits the card's title and description, gives it back its original words, or has it painted again with words of its own. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  const cardKey = params.cardKey ?? "";
  const read = await readForm(request, cardActionForm);
  if (!read.ok) {
    const intent = read.intent === "repaint" || read.intent === "keep" ? read.intent : "words";
    return data<CardAnswer>({ ok: false, intent, message: read.unknownIntent ? "Unknown action" : read.message }, { status: 400 });
  }
  const form = read.data;
  if (form.intent === "keep") {
    const outcome = await keepCardPicture(context.db, user.id, deckId, cardKey, form.picture, form.shown);
    if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
    return data<CardAnswer>({ ok: outcome.ok, intent: "keep", message: outcome.message }, { status: outcome.ok ? 200 : outcome.status });
  }
  if (form.intent === "repaint") {
    const result = await regenerateCard(context, user, deckId, cardKey, form.prompt);
    if (!result.ok && result.status === 404) throw new Response(result.message, { status: 404 });
    if (!result.ok)
      return data<CardAnswer>(
        {
          ok: false,
          intent: "repaint",
          message: result.message,
          ...("fixPaymentPath" in result && typeof result.fixPaymentPath === "string" ? { fixPaymentPath: result.fixPaymentPath } : {}),
        },
        { status: result.status },
      );
    return data<CardAnswer>({ ok: true, intent: "repaint", message: form.prompt ? `Painting the card again, ${form.prompt}…` : "Painting the card again…" });
  }
  const words = form.intent === "words" ? { title: form.title, description: form.description } : null;
  const outcome = await setCardWords(context.db, context.cloudflare.env.MEDIA, user.id, deckId, cardKey, words);
  if (!outcome.ok) throw new Response(outcome.message, { status: outcome.status });
  return data<CardAnswer>({ ok: true, intent: "words", message: outcome.message });
}

export default function DeckCardPage() {
  const { deck, card, previous, next, pictures, shownImageKey } = useLoaderData<typeof loader>();
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
        {card.imageUrl && card.status !== "failed" ? (
          <figure className="mx-auto w-2/3 sm:w-full">
            <img src={card.imageUrl} alt={`${card.name}, as painted for this deck`} className="aspect-[3/4] w-full rounded-2xl object-cover shadow-md" />
            {/* A repaint keeps the picture until the new one is stored. */}
            {card.status === "ready" ? null : (
              <figcaption className="mt-2 text-center text-sm text-muted" data-testid="card-repainting">
                Being painted again: the{" "}
                <Link to={base} className="text-brand underline">
                  deck page
                </Link>{" "}
                shows the new picture when it is ready.
              </figcaption>
            )}
          </figure>
        ) : (
          <p className="rounded-2xl border border-line p-6 text-muted">This card is not painted yet.</p>
        )}
        <CardMeaningText card={card} meaning={card} headingId="card-name" level={1} />
      </article>
      {deck.own && pictures.length > 0 ? (
        <section aria-labelledby="pictures-heading" className="mt-10 rounded-2xl border border-line p-5" data-testid="card-pictures">
          <h2 id="pictures-heading" className="text-xl font-semibold">
            Other pictures of this card
          </h2>
          <p className="mt-1 text-sm text-muted">
            Each repaint paints a second variant beside the one shown, and the card keeps the pictures it had. Keep the one you like best: the one shown now
            takes its place here.
          </p>
          {answer?.intent === "keep" ? (
            <ActionMessage ok={answer.ok} className="mt-3" testId="keep-note">
              {answer.message}
            </ActionMessage>
          ) : null}
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {pictures.map((picture, index) => (
              <li key={picture.id} className="flex flex-col gap-2">
                <img
                  src={picture.imageUrl}
                  alt={`${picture.kind === "variant" ? "A variant" : "An earlier picture"} of ${card.name}${picture.prompt ? `, ${picture.prompt}` : ""}`}
                  className="aspect-[3/4] w-full rounded-xl object-cover shadow-sm"
                  loading={index < 2 ? "eager" : "lazy"}
                />
                <span className="text-xs text-muted">
                  {picture.kind === "variant" ? "Painted beside the last repaint" : "Shown before"}
                  {picture.prompt ? ` · ${picture.prompt}` : ""}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="keep" />
                  <input type="hidden" name="picture" value={picture.id} />
                  <input type="hidden" name="shown" value={shownImageKey ?? ""} />
                  <button type="submit" className={buttonClasses("secondary", "sm")} aria-label={`Keep picture ${index + 1} of ${card.name}`}>
                    Keep this one
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {deck.own ? (
        <section aria-labelledby="repaint-heading" className="mt-10 rounded-2xl border border-line p-5">
          <h2 id="repaint-heading" className="text-xl font-semibold">
            Paint this card again
          </h2>
          <p className="mt-1 text-sm text-muted">
            Add a word or two for this card alone: a place or a thing to show in it. It is painted in the deck's theme and style, and uses one of the deck's
            repaints.
          </p>
          {answer?.intent === "repaint" ? (
            <ActionMessage ok={answer.ok} className="mt-3" testId="repaint-note">
              {answer.message}
              {answer.ok ? (
                <>
                  {" "}
                  <Link to={base} className="underline">
                    Watch it on the deck page
                  </Link>
                </>
              ) : null}
              <FixPaymentLink path={answer.fixPaymentPath} />
            </ActionMessage>
          ) : null}
          <Form method="post" className="mt-4 grid gap-3" key={`prompt|${card.prompt ?? ""}`}>
            <input type="hidden" name="intent" value="repaint" />
            <label className="text-sm font-semibold" htmlFor="card-prompt">
              For this card
            </label>
            <Input
              id="card-prompt"
              name="prompt"
              defaultValue={card.prompt ?? ""}
              maxLength={CARD_PROMPT_MAX}
              placeholder="with a lighthouse"
              aria-describedby="card-prompt-hint"
              aria-invalid={answer?.intent === "repaint" && !answer.ok ? true : undefined}
            />
            <p id="card-prompt-hint" className="-mt-1 text-xs text-muted">
              Up to {CARD_PROMPT_MAX} characters. Leave it empty to paint the theme alone.
            </p>
            <button type="submit" className={`${buttonClasses("primary")} justify-self-start`}>
              Repaint this card
            </button>
          </Form>
        </section>
      ) : null}
      {deck.own ? (
        <section aria-labelledby="words-heading" className="mt-10 rounded-2xl border border-line p-5">
          <h2 id="words-heading" className="text-xl font-semibold">
            The card's words
          </h2>
          <p className="mt-1 text-sm text-muted">The title is lettered on the card and its prints; the meaning stays the tarot's.</p>
          {answer?.intent === "words" ? (
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
