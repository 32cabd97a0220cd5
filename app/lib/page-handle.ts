/** What a route declares about its page in its `handle`. */
export type PageHandle = {
  /** Round trips to D1 and R2 the page may wait for one after another (2 when unsaid); tests/worker/round-trips.test.ts holds it. */
  roundTrips?: number;
  /** The page renders from its loaders' data alone, so a repeat of the same data reuses the render (app/render/document-memo.server.ts). */
  renderMemo?: boolean;
};
