import { useEffect, useState } from "react";
import { Link } from "@remix-run/react";
import { libraryPath } from "~/tarot/paths";
import type { CardMeaning } from "~/tarot/meanings";
import { WrittenByAi } from "~/components/written-by-ai";

/** A card's words at reading size: its name, this deck's description, then the classic meanings upright and reversed. */
export function CardMeaningText({
  card,
  meaning,
  headingId,
  level = 2,
}: {
  /** `descriptionByAi` is false when the owner wrote the description themselves. */
  card: { key?: string; name: string; description: string | null; descriptionByAi?: boolean };
  /** Null while the meanings are on their way. */
  meaning: CardMeaning | null;
  headingId: string;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const Sub = level === 1 ? "h2" : "h3";
  return (
    <div className="text-base leading-relaxed">
      <Heading id={headingId} className="font-display text-3xl font-bold">
        {card.name}
      </Heading>
      {card.description ? (
        <>
          <p className="mt-3">{card.description}</p>
          {card.descriptionByAi === false ? null : <WrittenByAi className="mt-1" />}
        </>
      ) : null}
      {meaning ? (
        <>
          <Sub className="mt-5 text-sm font-semibold uppercase tracking-wider text-gold">Upright</Sub>
          <p className="mt-1 text-sm text-muted">{meaning.upright.keywords.join(" · ")}</p>
          <p className="mt-1">{meaning.upright.meaning}</p>
          <Sub className="mt-4 text-sm font-semibold uppercase tracking-wider text-gold">Reversed</Sub>
          <p className="mt-1 text-sm text-muted">{meaning.reversed.keywords.join(" · ")}</p>
          <p className="mt-1">{meaning.reversed.meaning}</p>
          {card.key ? (
            <Link to={libraryPath(card.key)} className="mt-4 inline-block text-sm font-semibold text-brand underline-offset-4 hover:underline">
              More about this card in the tarot library →
            </Link>
          ) : null}
        </>
      ) : (
        <p className="mt-5 text-sm text-muted" role="status">
          Opening the card’s meanings…
        </p>
      )}
    </div>
  );
}

type Meanings = typeof import("~/tarot/meanings");
let loading: Promise<Meanings> | null = null;

/**
 * The classic meaning of a card, loaded in the browser the first time one is asked for: the
 * meanings of all 78 cards are one small script, fetched once instead of sent with every page.
 */
export function useCardMeaning(key: string | null): CardMeaning | null {
  const [meanings, setMeanings] = useState<Meanings | null>(null);
  useEffect(() => {
    if (key === null || meanings) return;
    let live = true;
    loading ??= import("~/tarot/meanings");
    loading.then(
      (module) => live && setMeanings(module),
      () => {
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [key, meanings]);
  return key !== null && meanings ? meanings.meaningOf({ key }) : null;
}
