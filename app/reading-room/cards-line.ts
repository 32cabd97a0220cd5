/** The cards of a reading in one line: "The Star, Three of Cups (reversed), The Sun". */
export const cardsLine = (cards: { name: string; reversed: boolean }[]) => cards.map((card) => `${card.name}${card.reversed ? " (reversed)" : ""}`).join(", ");
