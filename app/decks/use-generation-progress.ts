import { useRevalidator } from "@remix-run/react";
import PartySocket from "partysocket";
import { useEffect, useState } from "react";
import type { CardProgress, DeckStatus, GenerationMessage } from "./progress";

/**
 * Follows a deck being made: starts from what the server rendered, then listens to the deck's
 * generator. When the deck settles, the page's data is loaded again. `initial` must keep its
 * identity between renders (memoise it on the loader data): a new value starts over from it.
 */
export function useGenerationProgress(deckId: string, initial: { status: DeckStatus; cards: CardProgress[] }) {
  const [status, setStatus] = useState(initial.status);
  const [cards, setCards] = useState(() => new Map(initial.cards.map((card) => [card.key, card])));
  const revalidator = useRevalidator();

  useEffect(() => {
    setStatus(initial.status);
    setCards(new Map(initial.cards.map((card) => [card.key, card])));
  }, [initial]);

  const watching = initial.status === "generating";
  useEffect(() => {
    if (!watching) return;
    const socket = new PartySocket({ host: window.location.host, party: "deck-generator", room: deckId });
    socket.addEventListener("message", (event: MessageEvent) => {
      let message: GenerationMessage;
      try {
        message = JSON.parse(String(event.data)) as GenerationMessage;
      } catch {
        return;
      }
      if (message.type === "snapshot") {
        setStatus(message.status);
        setCards(new Map(message.cards.map((card) => [card.key, card])));
        if (message.status !== "generating") revalidator.revalidate();
      } else if (message.type === "card") {
        setCards((current) => new Map(current).set(message.card.key, message.card));
      } else {
        setStatus(message.status);
        revalidator.revalidate();
      }
    });
    return () => socket.close();
    // A fresh loader answer that still says "generating" may have been read just before the end
    // was announced: a new socket asks the generator again and its snapshot says how things stand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deckId, watching, initial]);

  return { status, cards };
}
