// The service worker's cache names. Every cache of ours starts with `arcanum-`; nothing else deletes them.

const { version } = __ARCANUM_BUILD__;

/** This build's shell and hashed files; a new build's worker deletes the others when it takes over. */
export const PRECACHE = `arcanum-precache-${version}`;
/** Saved copies of pages (documents and `.data`), all of one account. */
export const PAGES = "arcanum-pages";
/** Card images, cache first, capped. */
export const IMAGES = "arcanum-images";
/** The account the saved copies belong to. */
export const STATE = "arcanum-state";

export const BUILD_VERSION = version;
