import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ActionMessage, FixPaymentLink } from "~/components/action-message";
import { buttonClasses } from "~/components/ui/button";
import { CardMeaningText, useCardMeaning } from "./card-meaning";
import { STAGE_LABEL, type CardProgress } from "./progress";

/** What the deck page knows of a card: its picture and this deck's words for it. */
export type DeckCardView = {
  key: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  status: string;
};

/** Cards whose pictures load at once: the first row a phone shows; the rest load as they come into view. */
const EAGER_CARDS = 2;

const REPAINT_FORM = "card-repaint";

/**
 * The deck page's cards: each a picture (or its painted back while it is being made) with a
 * repaint below, and a tap opens the card's meaning at reading size in one dialog the cards share,
 * with the picture beside it. Without JavaScript each card is a link to its own page
 * (`/collection/{deck}/cards/{card}`).
 */
export function DeckCardGrid({
  deckId,
  cards,
  progress,
  canRegenerate,
  busyCard,
  backUrl,
  cardNote,
}: {
  deckId: string;
  cards: DeckCardView[];
  progress: CardProgress[];
  canRegenerate: (card: DeckCardView) => boolean;
  /** The card whose repaint is being sent, if any. */
  busyCard: string | null;
  backUrl: string;
  /** The answer to a card's repaint, shown under that card. */
  cardNote?: { key: string; ok: boolean; message: string; fixPaymentPath?: string } | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The meaning is written into the dialog only once a card is opened.
  const [open, setOpen] = useState<{ key: string; at: number } | null>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  const openIndex = open ? cards.findIndex((card) => card.key === open.key) : -1;
  const openCard = openIndex >= 0 ? cards[openIndex]! : null;
  return (
    <>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="Cards">
        {cards.map((card, index) => {
          const stage = progress[index]!;
          const done = stage.stage === "ready" || stage.stage === "failed";
          const imageUrl = stage.imageUrl ?? card.imageUrl;
          const loading = index < EAGER_CARDS ? "eager" : "lazy";
          return (
            <li key={card.key}>
              {/* A plain link: a plain click opens the dialog, any other goes to the card's page as the browser does. */}
              <a
                href={`/collection/${deckId}/cards/${card.key}`}
                onClick={(event) => {
                  // A modified click opens the card's page where the person asked for it.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  // A new `at` opens the dialog again for a card that was open before.
                  if (done) setOpen({ key: card.key, at: event.timeStamp });
                }}
                aria-haspopup="dialog"
                aria-label={`${card.name}${done ? ", show its meaning" : `, ${STAGE_LABEL[stage.stage]}`}`}
                className="deck-tile"
                data-testid="deck-card"
                data-stage={stage.stage}
              >
                {done && imageUrl ? (
                  <img src={imageUrl} alt="" loading={loading} decoding="async" {...(index === 0 ? { fetchpriority: "high" } : {})} />
                ) : (
                  <span className="relative flex h-full flex-col items-center justify-end">
                    <img src={backUrl} alt="" className="absolute inset-0 opacity-60" loading={loading} decoding="async" />
                    <span className="relative m-2 flex w-[calc(100%-1rem)] items-center gap-2 rounded-xl bg-surface/90 px-3 py-2 text-left shadow-sm">
                      <span
                        className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand/30 border-t-brand motion-reduce:animate-none"
                        aria-hidden="true"
                      />
                      <span className="min-w-0 text-xs font-medium leading-tight">{STAGE_LABEL[stage.stage]}</span>
                    </span>
                  </span>
                )}
              </a>
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="truncate text-sm font-medium">{card.name}</span>
                {done && canRegenerate(card) ? (
                  <button
                    type="submit"
                    form={REPAINT_FORM}
                    name="card"
                    value={card.key}
                    className="text-xs text-brand underline disabled:opacity-50"
                    disabled={busyCard === card.key}
                    aria-label={`Paint ${card.name} again`}
                  >
                    {stage.stage === "failed" ? "Try again" : "Repaint"}
                  </button>
                ) : null}
              </div>
              {cardNote?.key === card.key ? (
                <ActionMessage ok={cardNote.ok} className="mt-2 px-3 py-2 text-xs" testId="card-note">
                  {cardNote.message}
                  <FixPaymentLink path={cardNote.fixPaymentPath} />
                </ActionMessage>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* The cards' repaint buttons submit this one form (their `form` attribute), each with its card. */}
      <Form method="post" id={REPAINT_FORM} hidden>
        <input type="hidden" name="intent" value="regenerate" />
      </Form>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see the handler's comment */}
      <dialog
        ref={dialog}
        aria-labelledby={openCard ? `meaning-${openCard.key}` : undefined}
        data-testid="card-meaning"
        className="m-auto w-[min(56rem,calc(100vw-1.5rem))] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
        // A click on the shade around the dialog closes it, as Escape does.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {openCard ? <CardMeaning key={openCard.key} card={openCard} imageUrl={progress[openIndex]!.imageUrl ?? openCard.imageUrl} /> : null}
      </dialog>
    </>
  );
}

/** A card's meaning at reading size, with its picture beside it. */
function CardMeaning({ card, imageUrl }: { card: DeckCardView; imageUrl: string | null }) {
  const meaning = useCardMeaning(card.key);
  return (
    <>
      {/* First in the dialog, so opening it puts the focus (and the view) at the top. */}
      <form method="dialog" className="sticky top-0 z-10 flex justify-end px-3 pt-3 sm:absolute sm:right-0 sm:top-0">
        <button
          type="submit"
          aria-label="Close"
          className="flex h-10 w-10 items-center justify-center rounded-full border border-line bg-surface/95 text-xl leading-none shadow-sm hover:bg-surface-2"
        >
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <div className="grid gap-6 px-5 pb-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:p-8">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt={`${card.name}, as painted for this deck`}
            className="mx-auto aspect-[3/4] w-2/3 rounded-2xl object-cover shadow-md sm:w-full"
          />
        ) : null}
        <div>
          <CardMeaningText card={card} meaning={meaning} headingId={`meaning-${card.key}`} />
          <form method="dialog" className="mt-6">
            <button type="submit" className={buttonClasses("secondary")}>
              Close
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
