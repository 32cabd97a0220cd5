/**
 * The theme's cast for a deck: who plays the figures, what the backgrounds show, which small
 * subjects dress each card, and what weather lies over it.
 */
import type { FigureOpts } from "../figures";
import type { Rng } from "../kit";
import { markChain, Scene, type Item } from "../scene";
import { parseTheme, type ParsedTheme } from "./parse-theme";
import { forestBackdrop } from "./places";
import type { Actor, Pose, Subject } from "./types";
import { SUBJECT_BY_ID } from "./vocabulary";

export type Cast = {
  parsed: ParsedTheme;
  /** A creature that plays the robed figures. */
  actor?: Actor;
  /** A person subject that the figures stand for. */
  person?: Subject;
  /** The main subject when it cannot play a figure (an object, a plant): it appears on every card. */
  emblem?: Subject;
  places: Subject[];
  weather: Subject[];
  details: Subject[];
  /** A tree subject that the forest is made of ("birch forest"). */
  forestTree?: Subject;
};

const TREE_IDS = new Set(["birch", "pine", "oak", "willow", "palm", "cherry-blossom", "maple", "cypress", "bamboo", "baobab", "apple-tree", "dead-tree"]);
/** Weather laid over the whole picture; the rest sits in the sky behind the figures. */
const OVER = new Set(["snowfall", "rain", "fog", "wind", "frost"]);

/** Open water that other places may stand beside, and the vessels that sail on it. */
const WATERS = new Set(["sea", "lake"]);
const VESSELS = new Set(["boat", "ship"]);
/** How far above the water's edge a town on its shore stands, and how far the water rises when a shore is named, so a band of sea shows. */
const SHORE_RISE = 36;
const SEA_RISE = 120;

const memo = new Map<string, Cast>();

export function castFor(theme: string): Cast {
  const key = theme.trim().toLowerCase();
  const hit = memo.get(key);
  if (hit) return hit;
  const parsed = parseTheme(theme);
  const get = (id: string) => SUBJECT_BY_ID.get(id)!;
  const main = parsed.main ? get(parsed.main) : undefined;
  const cast: Cast = { parsed, places: [], weather: [], details: [] };
  if (main?.actor) cast.actor = { subject: main.id, ...main.actor };
  else if (main?.category === "person") cast.person = main;
  else if (main) cast.emblem = main;
  // Places first, so what dresses them (neon signs) is drawn in front.
  const setting = [...parsed.setting].sort((a, b) => Number(get(a).category !== "place") - Number(get(b).category !== "place"));
  for (const id of setting) {
    const s = get(id);
    if (s.category === "weather") cast.weather.push(s);
    else if (cast.places.length < 3 && s.scene) cast.places.push(s);
  }
  const guessed = new Set(parsed.found.filter((f) => f.guessed).map((f) => f.subject));
  let guesses = 0;
  for (const id of parsed.details) {
    const s = get(id);
    if (TREE_IDS.has(id) && !cast.forestTree && cast.places.some((p) => p.id === "forest" || p.id === "jungle")) {
      cast.forestTree = s;
      continue;
    }
    if (guessed.has(id) && guesses++ > 0) continue;
    cast.details.push(s);
  }
  if (memo.size > 200) memo.clear();
  memo.set(key, cast);
  return cast;
}

/** The figure options with the theme's creature or person in the figure's role. */
export function lead(cast: Cast | undefined, o: FigureOpts): FigureOpts {
  if (!cast) return o;
  if (cast.actor) return { ...o, actor: cast.actor, hair: "none" };
  if (cast.person) {
    const attire = cast.person.attire ?? {};
    // The person's own headwear only where the card's figure wears no symbol of its own.
    const plain = !o.head || o.head === "none";
    return { ...o, subject: cast.person.id, head: plain && attire.head ? attire.head : o.head, cloak: o.cloak ?? (plain ? attire.cloak : undefined) };
  }
  return o;
}

/** Draws the theme's main creature as a whole animal (for cards whose creatures are animals already). */
export function mainCreature(cast: Cast | undefined): Subject | undefined {
  if (!cast?.actor) return undefined;
  return SUBJECT_BY_ID.get(cast.actor.subject);
}

export function drawSubject(s: Scene, subject: Subject, pose: Pose) {
  s.subject(subject.id, () => subject.draw(s, pose));
}

const isSymbol = (item: Item) => !!item.m && markChain(item.m).some((mark) => mark.kind === "symbol");

/** Spots for small subjects: high ones for things of the sky, low ones for things on the ground. */
const SKY_SPOTS: [number, number][] = [
  [96, 250],
  [504, 250],
  [110, 330],
  [490, 330],
];
const GROUND_SPOTS: [number, number][] = [
  [78, 652],
  [522, 652],
  [120, 640],
  [480, 640],
];

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Dresses a painted card in the theme: the setting goes behind the composition's figures (from the
 * horizon), small subjects into free corners, and falling weather over everything.
 */
export function dressCard(s: Scene, cast: Cast, rng: Rng, horizon: number, variant: number) {
  const mid = new Scene();
  // A town by the sea stands on the far shore: drawn first and higher, the water laid over its foot.
  const water = cast.places.some((place) => WATERS.has(place.id));
  const places = water ? [...cast.places].sort((a, b) => Number(WATERS.has(a.id)) - Number(WATERS.has(b.id))) : cast.places;
  for (const place of places) {
    const at = !water || places.length < 2 ? horizon : WATERS.has(place.id) ? horizon - SEA_RISE : horizon - SEA_RISE - SHORE_RISE;
    if ((place.id === "forest" || place.id === "jungle") && cast.forestTree) {
      const tree = cast.forestTree;
      mid.subject(place.id, () => place.scene!(mid, at - 30, rng));
      mid.subject(tree.id, () => forestBackdrop(tree.draw)(mid, at + 10, rng));
    } else mid.subject(place.id, () => place.scene!(mid, at, rng));
  }
  // Boats and ships named with open water sail on it, a few of them, rather than standing in a corner.
  const vessels = water ? cast.details.filter((d) => VESSELS.has(d.id)) : [];
  for (const [i, vessel] of vessels.flatMap((v) => [v, v, v].slice(0, rng.int(2, 3))).entries()) {
    const x = [150, 450, 300][i % 3]! + rng.range(-40, 40);
    const sea = horizon - (places.length < 2 ? 0 : SEA_RISE);
    drawSubject(mid, vessel, {
      x,
      y: sea + 30 + (i % 3) * 16 + rng.range(0, 10),
      size: rng.range(84, 108) + (i % 3) * 10,
      facing: x < 300 ? 1 : -1,
      v: variant + i,
    });
  }
  for (const w of cast.weather) if (!OVER.has(w.id)) mid.subject(w.id, () => w.scene!(mid, horizon, rng));

  const sky = shuffled(SKY_SPOTS, rng);
  const ground = shuffled(GROUND_SPOTS, rng);
  const facing = (x: number): 1 | -1 => (x < 300 ? 1 : -1);
  const put = (subject: Subject, size: number) => {
    const spot = subject.sky || subject.category === "time" ? sky.shift() : (ground.shift() ?? sky.shift());
    if (!spot) return;
    drawSubject(mid, subject, { x: spot[0], y: spot[1], size: size * rng.range(0.85, 1.15), facing: facing(spot[0]), v: variant + rng.int(0, 3) });
  };
  if (cast.emblem) {
    put(cast.emblem, 150);
    // The main subject appears more than once: near the ground, higher up, and along the horizon.
    const spot = sky.shift();
    if (spot) drawSubject(mid, cast.emblem, { x: spot[0], y: spot[1], size: 110 * rng.range(0.85, 1.1), facing: facing(spot[0]), v: variant + 1 });
    const count = rng.int(2, 3);
    for (let i = 0; i < count; i++) {
      const x = 150 + (300 / (count - 1)) * i + rng.range(-30, 30);
      drawSubject(mid, cast.emblem, { x, y: horizon + rng.range(10, 40), size: rng.range(50, 70), facing: facing(x), v: variant + i });
    }
  }
  // Cards without a robed figure (pips, the Wheel, the Tower) still show the theme's creature or person.
  const lead = cast.actor?.subject ?? cast.person?.id;
  if (lead && !s.items.some((item) => item.s === lead)) put(SUBJECT_BY_ID.get(lead)!, 130);
  const picks = shuffled(
    cast.details.filter((d) => !vessels.includes(d)),
    rng,
  ).slice(0, cast.emblem ? 1 : 2);
  for (const d of picks) put(d, d.category === "time" ? 130 : 100);

  if (mid.items.length) {
    const at = s.fgStart < 0 ? s.items.length : s.fgStart;
    // The card's own symbols in its scenery (the Fool's cliff, the Sun's wall) stay in front of the setting.
    const scenery = s.items.slice(0, at);
    const symbols = scenery.filter(isSymbol);
    s.items = [...scenery.filter((item) => !isSymbol(item)), ...mid.items, ...symbols, ...s.items.slice(at)];
    s.fgStart = at + mid.items.length;
  }
  for (const w of cast.weather) if (OVER.has(w.id)) s.subject(w.id, () => w.scene!(s, horizon, rng));
}
