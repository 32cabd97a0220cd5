/** Shared shapes of the subject vocabulary: what a subject is and how its figure is drawn. */
import type { Rng } from "../kit";
import type { Role, Scene } from "../scene";

export type Category = "creature" | "person" | "object" | "plant" | "place" | "weather" | "time" | "era";

/** Where and how big to draw a figure: `y` is where it stands, `size` its height, `v` a variant number. */
export type Pose = { x: number; y: number; size: number; facing: 1 | -1; v: number };

/** Draws a subject's figure family member at a pose. */
export type Draw = (s: Scene, p: Pose) => void;

/**
 * A creature's head seen from the front, in the robed figure's local frame (head centre at
 * (0, hy), radius about 23): "ears" draws what rises above the head, "face" the rest.
 */
export type HeadDraw = (s: Scene, hy: number, part: "ears" | "face") => void;

/** What a creature needs to play a card's figure: its head, its colour, its tail and its limbs. */
export type Actor = {
  subject: string;
  fur: Role;
  head: HeadDraw;
  /** Drawn behind the robe, in the figure's local frame (feet at 0). */
  tail?: (s: Scene, seated: boolean) => void;
  /** Drawn over the robe's hem: tentacles, talons. */
  feet?: (s: Scene, seated: boolean) => void;
  /** Hands: paws in the fur colour, or feathered wing tips. */
  hand?: Role;
};

/** A person subject's own headwear and garment for the cards where the figure wears no symbol of office. */
export type Attire = { head?: "hood" | "veil" | "cap" | "wreath" | "helm" | "crown" | "none" | "wide"; robe?: Role; cloak?: Role };

export type Subject = {
  id: string;
  category: Category;
  /** Words and phrases that name it (the id's own words are always included); plurals are found by rule. */
  words?: readonly string[];
  /** Other subjects a word brings along ("library" brings books). */
  brings?: readonly string[];
  /** The figure: every family member can be drawn at any pose. */
  draw: Draw;
  /** Creatures: how the subject plays a card's robed figure. */
  actor?: Omit<Actor, "subject">;
  /** People: what the figure wears. */
  attire?: Attire;
  /** Places: a backdrop along the horizon. Weather: an overlay over the whole card. */
  scene?: (s: Scene, horizon: number, rng: Rng) => void;
  /** Belongs in the sky (moon, comet, birds in flight). */
  sky?: boolean;
};
