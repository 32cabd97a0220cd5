import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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

/**
 * A card of the deck page: its picture (or its painted back while it is being made), and a tap
 * opens its meaning at reading size in a dialog, with the picture beside it; a repaint below.
 * Without JavaScript the card is a link to its own page (`/collection/{deck}/cards/{card}`).
 */
export function DeckCardTile({
  deckId,
  card,
  progress,
  canRegenerate,
  busy,
  backUrl,
}: {
  deckId: string;
  card: DeckCardView;
  progress: CardProgress;
  canRegenerate: boolean;
  busy: boolean;
  backUrl: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The meaning is written into the dialog only once it is opened.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened) dialog.current?.showModal();
  }, [opened]);
  const done = progress.stage === "ready" || progress.stage === "failed";
  const imageUrl = progress.imageUrl ?? card.imageUrl;
  return (
    <div className="group">
      <Link
        to={`/collection/${deckId}/cards/${card.key}`}
        onClick={(event) => {
          // A modified click opens the card's page where the person asked for it.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          if (!done) return;
          if (opened) dialog.current?.showModal();
          else setOpened(true);
        }}
        aria-haspopup="dialog"
        aria-label={`${card.name}${done ? ", show its meaning" : `, ${STAGE_LABEL[progress.stage]}`}`}
        className="relative block aspect-[3/4] w-full overflow-hidden rounded-2xl border border-line bg-surface-2 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none"
        data-testid="deck-card"
        data-stage={progress.stage}
      >
        {done && imageUrl ? (
          <img src={imageUrl} alt="" className="h-full w-full object-cover" loading="lazy" decoding="async" />
        ) : (
          <span className="relative flex h-full flex-col items-center justify-end">
            <img src={backUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" loading="lazy" decoding="async" />
            <span className="relative m-2 flex w-[calc(100%-1rem)] items-center gap-2 rounded-xl bg-surface/90 px-3 py-2 text-left shadow-sm">
              <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand/30 border-t-brand motion-reduce:animate-none" aria-hidden="true" />
              <span className="min-w-0 text-xs font-medium leading-tight">{STAGE_LABEL[progress.stage]}</span>
            </span>
          </span>
        )}
      </Link>
      <div className="mt-2 flex items-center justify-between gap-2">
        <span className="truncate text-sm font-medium">{card.name}</span>
        {done && canRegenerate ? (
          <Form method="post">
            <input type="hidden" name="intent" value="regenerate" />
            <input type="hidden" name="card" value={card.key} />
            <button type="submit" className="text-xs text-brand underline disabled:opacity-50" disabled={busy} aria-label={`Paint ${card.name} again`}>
              {progress.stage === "failed" ? "Try again" : "Repaint"}
            </button>
          </Form>
        ) : null}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={`meaning-${card.key}`}
        data-testid="card-meaning"
        className="m-auto w-[min(56rem,calc(100vw-1.5rem))] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
        // A click on the shade around the dialog closes it, as Escape does.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {opened ? <CardMeaning card={card} imageUrl={imageUrl} /> : null}
      </dialog>
    </div>
  );
}

/** A card's meaning at reading size, with its picture beside it. */
function CardMeaning({ card, imageUrl }: { card: DeckCardView; imageUrl: string | null }) {
  const meaning = useCardMeaning(card.key);
  return (
    <>
      {/* First in the dialog, so opening it puts the focus (and the view) at the top. */}
      <form method="dialog" className="sticky top-0 z-10 flex justify-end px-3 pt-3 sm:absolute sm:right-0 sm:top-0">
        <button type="submit" aria-label="Close" className="flex h-10 w-10 items-center justify-center rounded-full border border-line bg-surface/95 text-xl leading-none shadow-sm hover:bg-surface-2">
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <div className="grid gap-6 px-5 pb-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:p-8">
        {imageUrl ? <img src={imageUrl} alt={`${card.name}, as painted for this deck`} className="mx-auto aspect-[3/4] w-2/3 rounded-2xl object-cover shadow-md sm:w-full" /> : null}
        <div>
          <CardMeaningText card={card} meaning={meaning} headingId={`meaning-${card.key}`} />
          <form method="dialog" className="mt-6">
            <button type="submit" className={buttonClasses("secondary")}>Close</button>
          </form>
        </div>
      </div>
    </>
  );
}
