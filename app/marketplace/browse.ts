/** Shared by the browse page's form and its server query. */
export const BROWSE_PAGE_SIZE = 24;

export const browseSorts = ["featured", "newest", "best-selling", "top-rated", "price-low", "price-high"] as const;
export type BrowseSort = (typeof browseSorts)[number];
