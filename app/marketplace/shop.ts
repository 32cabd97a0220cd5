/** A creator's shop address: short and stable, by username. */
export const shopPath = (username: string) => `/shop/${encodeURIComponent(username)}`;
