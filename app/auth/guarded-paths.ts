/**
 * Pages that need a user (spec: collection, profile, checkout, become-reader, tarot-quiz,
 * reader-dashboard, and create-deck; the credits page, the page after a purchase, reporting a marketplace deck, one's own spreads and their builder, and learning the cards; a spread's shared page is not one). Each of their loaders calls `requireUser`; this list only
 * tells the Worker not to mint a guest on a first visit straight to one of them, so that visit
 * goes to sign-in with the path remembered, as the guard promises.
 */
const GUARDED = [
  /^\/collection\/?$/,
  /^\/profile\/?$/,
  /^\/checkout\/[^/]+\/?$/,
  /^\/checkout\/bundle\/[^/]+\/?$/,
  /^\/become-reader\/?$/,
  /^\/tarot-quiz\/?$/,
  /^\/reader-dashboard\/?$/,
  /^\/create-deck\/?$/,
  /^\/credits\/?$/,
  /^\/journal(\/[^/]+)?\/?$/,
  /^\/subscription\/success\/?$/,
  /^\/marketplace\/[^/]+\/report\/?$/,
  /^\/spreads(\/new|\/[^/]+\/edit)?\/?$/,
  /^\/learn(\/[^/]+)?\/?$/,
];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED.some((pattern) => pattern.test(pathname));
}
