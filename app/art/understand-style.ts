/**
 * Reads a typed style against the vocabulary: a named style is taken as it is, several named in one
 * text are composed (the technique of one, the palette and ornament of the other), and a misspelt or
 * unknown one goes to the nearest names by spelling. Nothing here draws: `styles.ts` and `frames.ts`
 * read the parameters. It imports only data and the tiny `once` helper, so the create form can read a style live.
 */
import { once } from "../lib/once";
import { BASE_STYLES, type BaseStyle, type NamedStyle, type StyleParams } from "./style-params";
import { NAMED_STYLES } from "./style-vocabulary";

const BY_ID = new Map(NAMED_STYLES.map((s) => [s.id, s]));

const normal = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’`]/g, "'")
    .replace(/[^a-z0-9'& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Every name and word, normalised, to its style; the longer a phrase, the sooner it is tried. */
// Made when a style is first read, not at load: the Worker would pay for it at every cold start.
const phrases = once((): readonly [phrase: string, id: string][] => {
  const out = new Map<string, string>();
  for (const s of NAMED_STYLES) for (const w of [s.id, ...s.words]) if (!out.has(normal(w))) out.set(normal(w), s.id);
  return [...out.entries()].sort((a, b) => b[0].split(" ").length - a[0].split(" ").length || b[0].length - a[0].length);
});

/** The letter trigrams of a text, padded, for spelling similarity. */
function trigrams(text: string): Set<string> {
  const t = `  ${text.replace(/ /g, "  ")}  `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let common = 0;
  for (const g of ta) if (tb.has(g)) common++;
  return (2 * common) / (ta.size + tb.size);
}

export type UnderstoodStyle = {
  /** The named styles it was read as, the first giving the technique. */
  ids: string[];
  /** How it was read: one exact name, names found among its words, names nearest in spelling, or nothing known. */
  how: "exact" | "words" | "nearest" | "unknown";
  /** The words that were recognised. */
  words: string[];
  params: StyleParams;
  /** One line naming what the painter understood, for the create form. */
  sentence: string;
};

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Composes two styles: the technique's line, texture, shading, frame and lettering; the look's palette and ornament. */
export function composeStyles(first: NamedStyle, second?: NamedStyle): StyleParams {
  if (!second) return first.params;
  const [technique, look] = first.kind === "look" && second.kind === "technique" ? [second, first] : [first, second];
  const t = technique.params;
  const l = look.params;
  return {
    ...t,
    palette: l.palette,
    ornament: l.ornament !== "none" ? l.ornament : t.ornament,
    // The look's world, when it has one (a manuscript's diaper, a synthwave sunset), else the technique's ground.
    ground: l.ground ?? t.ground,
    // The figures likewise: a look's own colours for robes and faces (an icon's cinnabar), else the technique's.
    figures: l.figures ?? t.figures,
    // A glowing look keeps its glow on a drawing technique: neon lines drawn in crayon still shine.
    lineColor: l.palette.neon ? "light" : t.lineColor,
    line: t.line || (l.palette.neon ? 1.2 : 0),
  };
}

const memo = new Map<string, UnderstoodStyle>();

/** Reads a typed style against the vocabulary. Deterministic: the same text always gives the same reading. */
export function understandStyle(typed: string): UnderstoodStyle {
  const text = normal(typed).slice(0, 80);
  const hit = memo.get(text);
  if (hit) return hit;
  const result = read(text);
  if (memo.size > 300) memo.clear();
  memo.set(text, result);
  return result;
}

function read(text: string): UnderstoodStyle {
  const exact = BY_ID.get(text);
  if (exact) return done([exact], "exact", [text]);
  // Names and words found in the text, longest first, each style once.
  const found: { id: string; word: string; at: number }[] = [];
  let rest = ` ${text} `;
  for (const [phrase, id] of phrases()) {
    const at = rest.indexOf(` ${phrase} `);
    if (at < 0) continue;
    rest = `${rest.slice(0, at)} ${" ".repeat(phrase.length)} ${rest.slice(at + phrase.length + 2)}`;
    if (!found.some((f) => f.id === id)) found.push({ id, word: phrase, at });
  }
  // Words left over that are spelt nearly like a name ("ukiyoe", "watercolor") count too; a word
  // is not read as part of a longer name ("children's" is not "children's book").
  for (const m of rest.matchAll(/[a-z0-9']{5,}/g)) {
    let best: [string, number] | null = null;
    for (const [phrase, id] of phrases()) {
      const joined = phrase.replace(/ /g, "");
      if (Math.abs(joined.length - m[0].length) > 3) continue;
      const score = similarity(m[0], joined);
      if (score >= 0.7 && (!best || score > best[1])) best = [id, score];
    }
    if (best && !found.some((f) => f.id === best[0])) found.push({ id: best[0], word: m[0], at: m.index ?? 0 });
  }
  if (found.length) {
    found.sort((a, b) => a.at - b.at);
    return done(
      found.slice(0, 2).map((f) => BY_ID.get(f.id)!),
      found.length === 1 && found[0]!.word === text ? "exact" : "words",
      found.slice(0, 2).map((f) => f.word),
    );
  }
  // Nothing named: the nearest names by spelling ("ukiyoe", "stainglass", "watercolor pencil").
  const scored = new Map<string, number>();
  for (const [phrase, id] of phrases()) {
    let best = similarity(text, phrase);
    for (const word of text.split(" ")) if (word.length >= 4) best = Math.max(best, similarity(word, phrase) * 0.92);
    if (best > (scored.get(id) ?? 0)) scored.set(id, best);
  }
  const ranked = [...scored.entries()].sort((a, b) => b[1] - a[1]);
  const near = ranked.filter(([, score]) => score >= 0.42);
  if (near.length) {
    const picked = [near[0]!];
    if (near[1] && near[1][1] >= near[0]![1] - 0.06) picked.push(near[1]);
    return done(
      picked.map(([id]) => BY_ID.get(id)!),
      "nearest",
      [],
    );
  }
  // Nothing near either: a stable pick among the original treatments, so a deck keeps its look.
  return done([BY_ID.get(BASE_STYLES[hashText(text) % BASE_STYLES.length]!)!], "unknown", []);
}

function done(styles: NamedStyle[], how: UnderstoodStyle["how"], words: string[]): UnderstoodStyle {
  const params = composeStyles(styles[0]!, styles[1]);
  const ids = styles.map((s) => s.id);
  let sentence: string;
  if (how === "exact") sentence = `Painted as ${ids[0]}.`;
  else if (how === "unknown") sentence = `No style we know by that name: painted as ${ids[0]}.`;
  else {
    const [a, b] = styles;
    const pair = b ? (a!.kind === "look" && b.kind === "technique" ? [b, a] : [a!, b]) : [a!];
    const named = pair.length === 2 ? `${pair[0]!.id} with the colours of ${pair[1]!.id}` : pair[0]!.id;
    sentence = how === "nearest" ? `Read as the nearest we know: ${named}.` : `Understood as ${named}.`;
  }
  return { ids, how, words, params, sentence };
}

/** The base treatment a typed style is painted on (frames, ornaments and the pixel grid are chosen by it). */
export const baseStyleOf = (typed: string): BaseStyle => understandStyle(typed).params.base;

/** True when the typed style is one of the seven original treatments alone, painted exactly as before. */
export function isOriginalTreatment(understood: UnderstoodStyle): boolean {
  return understood.ids.length === 1 && (BASE_STYLES as readonly string[]).includes(understood.ids[0]!);
}
