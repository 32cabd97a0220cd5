/** What a route declares about its page in its `handle`. */
export type PageHandle = {
  /**
   * Round trips to D1, R2 and Durable Objects the page's loaders may wait for one after another
   * (2 when unsaid, app/lib/round-trips.server.ts); every request of the worker tests is held to it.
   */
  roundTrips?: number;
  /** The same for a form post to the route's action, the page drawn again with it included (4 when unsaid). */
  actionRoundTrips?: number;
  /** The page renders from its loaders' data alone, so a repeat of the same data reuses the render (app/render/document-memo.server.ts). */
  renderMemo?: boolean;
};
