/** Themes and expectations shared by the card painter tests. */

/** The five themes the sample sheets show, with the subjects each must yield. */
export const SAMPLES = [
  { theme: "Cats ruling a neon Tokyo", main: "cat", setting: ["city-street", "neon-signs"], details: ["crown"] },
  { theme: "Foxes in a snowy birch forest", main: "fox", setting: ["forest", "snowfall"], details: ["birch"] },
  { theme: "Lanterns on a winter sea", main: "lantern", setting: ["sea", "snowfall"], details: [] },
  { theme: "Octopus librarians in a sunken city", main: "octopus", setting: ["sunken-city"], details: ["librarian", "books"] },
  { theme: "Desert nomads under a comet", main: "nomad", setting: ["desert"], details: ["comet"] },
] as const;

/**
 * Each Major Arcana card's traditional symbols, by number: "name" is at least one, "name×n" exactly n,
 * "name×n+" at least n.
 */
export const MAJOR_SYMBOLS: readonly (readonly string[])[] = [
  ["sun", "cliff", "bundle", "rose", "dog"],
  ["lemniscate", "table", "wand", "cup", "sword", "pentacle"],
  ["pillar×2", "scroll", "moon", "moon-crown"],
  ["crown-of-stars", "sceptre", "venus-shield", "wheat×5+"],
  ["throne", "ram-head×2", "crown", "ankh", "orb"],
  ["triple-crown", "papal-cross", "key×2", "pillar×2", "acolyte×2"],
  ["angel", "lover×2", "tree×2", "serpent", "sun"],
  ["chariot", "canopy", "sphinx×2"],
  ["lion", "lemniscate"],
  ["lantern", "staff"],
  ["wheel", "sphinx", "serpent", "living-creature×4"],
  ["scales", "sword", "pillar×2", "crown"],
  ["tau-tree", "hanged-figure", "halo"],
  ["rider", "horse", "banner", "rose", "sun"],
  ["angel", "cup×2", "stream", "pool"],
  ["devil", "pentagram", "chained-figure×2", "torch"],
  ["tower", "lightning", "crown", "falling-figure×2"],
  ["star×8", "jug×2", "pool"],
  ["moon", "tower×2", "beast×2", "crayfish", "pool"],
  ["sun", "child", "horse", "sunflower×4", "wall"],
  ["angel", "trumpet", "rising-figure×3"],
  ["wreath", "dancer", "wand×2+"],
];

/** What marks a court card's rank, by number (11 page … 14 king), besides its suit emblem. */
export const COURT_SYMBOLS: Readonly<Record<number, readonly string[]>> = {
  11: ["page"],
  12: ["knight", "horse"],
  13: ["queen", "throne", "crown"],
  14: ["king", "throne", "crown"],
};
