import { cardNumeral, type TarotCard } from "../tarot/cards";
import { deckLook, type DeckLook } from "./deck-theme";
import { buildFrame, pixelFrame, type Labels } from "./frames";
import { crescent, figure } from "./figures";
import { styleOrnaments } from "./ornaments";
import { escapeXml, makeRng } from "./kit";
import { paintMajor } from "./major-compositions";
import { paintCourt, paintPips } from "./minor-compositions";
import { motifMark } from "./motifs";
import { hashString } from "./palette";
import { paintingSeeds, type PaintingSeeds } from "./painting-secret";
import { markChain, Scene, starPoints, type Item } from "./scene";
import { frame, framedY, framingAt, framingFor, skyDetails, symbolBox, type Box } from "./staging";
import { settingMasses, settingOf, themeLight, VIEW } from "./theme-staging";
import { castFor, drawSubject, dressCard } from "./subjects/cast";
import { SUBJECT_BY_ID } from "./subjects/vocabulary";
import { renderPixelArt } from "./pixel-art";
import { renderVectorArt, STYLE_IDS, styleColors, type StyleId } from "./styles";
import { paletteColors, renderStyledArt } from "./style-painter";
import { GROUND_PAPER, groundColors } from "./ground-colors";
import { figureColors } from "./figure-paints";
import { isOriginalTreatment, understandStyle, type UnderstoodStyle } from "./understand-style";

/** Art styles offered on the create page; any other text maps to the nearest treatment. */
export const ART_STYLES = STYLE_IDS;

/** `variant` is which painting of the card this is: 0 the first, 1 the first repaint, and so on. */
/** `prompt` is the owner's few words for this card alone: its places and things join the theme's, its colours stay the theme's. */
export type CardArtInput = {
  card: Pick<TarotCard, "key" | "name" | "arcana" | "suit" | "number">;
  theme: string;
  style: string;
  variant?: number;
  prompt?: string | null;
};

export { resolveStyle } from "./styles";
export { understandStyle } from "./understand-style";
export { deckLook } from "./deck-theme";

/** A typed style as the painter reads it: its vocabulary reading, its base treatment, and whether it is one of the originals alone. */
type Styled = { understood: UnderstoodStyle; base: StyleId; original: boolean };

function styled(text: string): Styled {
  const understood = understandStyle(text);
  return { understood, base: understood.params.base, original: isOriginalTreatment(understood) };
}

function render(scene: Scene, look: DeckLook, styling: Styled, pre: string, labels: Labels, title: string, theme: string, styleText: string): string {
  if (scene.fgStart < 0) scene.foreground();
  const style = styling.base;
  const params = styling.understood.params;
  let colors = styleColors(look, style);
  let art: { defs: string; body: string };
  let frameKind = params.frame;
  if (style === "pixel art" && styling.original) {
    pixelFrame(scene, look, labels);
    art = renderPixelArt(scene, scene.fgStart, colors, pre);
  } else if (styling.original && style !== "pixel art") {
    art = renderVectorArt(scene, scene.fgStart, look, style, pre, "");
  } else {
    colors = figureColors(groundColors(paletteColors(look, params.palette), params.ground), params.figures);
    art = renderStyledArt(scene, scene.fgStart, look, params, colors, pre);
    if (frameKind === "pixel art") frameKind = "minimalist";
  }
  const paper = styling.original || !params.ground ? undefined : GROUND_PAPER[params.ground];
  const frame = buildFrame(frameKind, look, colors, pre, labels, styling.original ? undefined : params.lettering, paper);
  const mask = frameKind === "watercolour" ? ` mask="url(#${pre}m)"` : "";
  const desc = `${theme.slice(0, 200)} · ${styleText.slice(0, 60)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><desc>${escapeXml(desc)}</desc><defs>${art.defs}${frame.defs}<clipPath id="${pre}w">${frame.window}</clipPath></defs>${frame.under}<g clip-path="url(#${pre}w)"${mask}>${art.body}</g>${frame.over}</svg>`;
}

const idPrefix = (text: string) => `a${hashString(text).toString(36).slice(0, 6)}`;

/** Where each Major Arcana composition's land meets its sky: the theme's setting rises from there. */
const MAJOR_HORIZON = [560, 600, 600, 500, 560, 620, 580, 480, 560, 640, 720, 600, 640, 530, 520, 700, 650, 580, 520, 470, 540, 760];
/** Cards whose composition has lettering (the pillars' B and J and the scroll's TORA, the wheel's TARO). */
export const LETTERED_CARDS: ReadonlySet<string> = new Set(["major-02", "major-10"]);
/** Compositions with lettering keep their sides in every painting. */
const UNMIRRORED = LETTERED_CARDS;

const KEPT = new Map<string, Box | null>();

/** Where a card's own symbols lie in its composition as drawn, so a closer framing keeps them in view. */
function keptBox(card: CardArtInput["card"]): Box | null {
  let box = KEPT.get(card.key);
  if (box === undefined) {
    const s = new Scene();
    const ctx = { rng: makeRng(1), look: deckLook("tarot"), card };
    if (card.arcana === "major") paintMajor(s, ctx);
    else if (card.number <= 10) paintPips(s, ctx);
    else paintCourt(s, ctx);
    box = symbolBox(s.items);
    KEPT.set(card.key, box);
  }
  return box;
}

/**
 * A public painting of the card's face (the classic deck, the create form's previews) as an SVG
 * document, 600×800 (3:4), deterministic from (theme, style, card, variant). A deck's own cards are
 * painted with `paintDeckCardSvg`.
 */
export function paintCardSvg(input: CardArtInput): string {
  return paintFace(input, "labelled");
}

/**
 * The create form's preview of a card in a theme and style: its random choices are drawn apart from
 * the theme's, so it is no deck's card, neither one painted under a secret nor one painted before
 * decks had secrets (whose pictures are the public painting of their theme).
 */
export function paintPreviewCardSvg(input: CardArtInput): string {
  const themeSeed = deckLook(input.theme).seed;
  return paintFace(input, "labelled", { deck: themeSeed, card: hashString(`preview:${themeSeed}`) });
}

/**
 * A card of a deck, painted under the deck's painting secret: its random choices come from the
 * secret, so the deck's public theme and style do not paint it again.
 */
export async function paintDeckCardSvg(input: CardArtInput, secret: string): Promise<string> {
  return paintFace(input, "labelled", await paintingSeeds(secret, input.card.key, input.variant ?? 0));
}

/**
 * The card's face with a bare frame: no numeral, no title, a neutral title element and ids from
 * `prefix` rather than from the card, so nothing in the document names the card.
 */
export function paintUnlabelledCardSvg(input: CardArtInput, prefix: string): string {
  return paintFace(input, { prefix });
}

function paintFace(input: CardArtInput, mode: "labelled" | { prefix: string }, seeds?: PaintingSeeds): string {
  const { card, theme } = input;
  const variant = Math.max(0, Math.floor(input.variant ?? 0));
  const styling = styled(input.style);
  const style = styling.base;
  const themeLook = deckLook(theme);
  // The colours and motifs follow the theme; every random choice follows the deck's secret when it has one.
  const look = seeds ? { ...themeLook, seed: seeds.deck } : themeLook;
  const seed = seeds ? seeds.card : themeLook.seed;
  const named = `${theme}|${styling.original ? style : styling.understood.ids.join("+")}|${card.key}${variant ? `|${variant}` : ""}`;
  const pre = mode === "labelled" ? idPrefix(seeds ? `${seed}|${named}` : named) : mode.prefix;
  const rng = makeRng(hashString(`${seed}:${style}:${card.key}${variant ? `:${variant}` : ""}`));
  const cast = castFor(input.prompt ? `${theme}, ${input.prompt}` : theme);
  const scene = new Scene();
  // A repaint frames the composition anew, poses its figures anew and, every other time, mirrors it.
  // The first painting takes the view of the theme's setting; a repaint frames it anew.
  const setting = settingOf(cast);
  const view = VIEW[setting];
  const framing =
    variant || view.zoom <= 1
      ? framingFor(card.key, seed, variant, variant ? keptBox(card) : null, view.zoom > 1 ? [view.fx, view.fy] : undefined)
      : framingAt(view.zoom, view.fx, view.fy, keptBox(card));
  scene.save();
  frame(scene, framing);
  if (variant % 2 === 1 && !UNMIRRORED.has(card.key)) scene.translate(600, 0).scale(-1, 1);
  scene.pose = variant;
  const ctx = { rng, look, card, cast, variant };
  if (card.arcana === "major") paintMajor(scene, ctx);
  else if (card.number <= 10) paintPips(scene, ctx);
  else paintCourt(scene, ctx);
  scene.restore();
  scene.pose = 0;
  const horizon = card.arcana === "major" ? (MAJOR_HORIZON[card.number] ?? 560) : card.number <= 10 ? 630 : 520;
  skyDetails(scene, makeRng(hashString(`${seed}:${card.key}:sky:${variant}`)), variant, look.daylight);
  dressCard(scene, cast, makeRng(hashString(`${seed}:${card.key}:dress:${variant}`)), framedY(framing, horizon) + view.horizon, variant);
  // The setting's great masses frame the picture behind the figures; the theme's light lies over all.
  const masses = new Scene();
  settingMasses(masses, setting, makeRng(hashString(`${seed}:${card.key}:masses`)), framedY(framing, horizon), cast);
  if (masses.items.length) {
    const at = scene.fgStart < 0 ? scene.items.length : scene.fgStart;
    // The card's own symbols in its scenery (the Sun's sunflowers, the Moon's towers) stay in front of the masses.
    const scenery = scene.items.slice(0, at);
    const own = (item: Item) => !!item.m && markChain(item.m).some((mark) => mark.kind === "symbol");
    scene.items = [...scenery.filter((item) => !own(item)), ...masses.items, ...scenery.filter(own), ...scene.items.slice(at)];
    scene.fgStart = at + masses.items.length;
  }
  // The pixel grid takes each cell from the top-most shape, so a veil of light over the whole card would hide the picture.
  if (!(styling.original && style === "pixel art")) themeLight(scene, cast);
  if (styling.original) styleOrnaments(scene, style, rng, look, framing);
  if (mode !== "labelled") return render(scene, look, styling, pre, null, "A tarot card", theme, input.style);
  return render(scene, look, styling, pre, { numeral: cardNumeral(card), title: card.name }, card.name, theme, input.style);
}

/**
 * One vocabulary subject alone on a card-sized sheet, in a style: its figure large in the middle, a
 * smaller mirrored one beside it, and its backdrop or weather when it has one. Used to check and show
 * the vocabulary.
 */
export function paintSubjectSvg(input: { subject: string; style: string; theme?: string; variant?: number }): string {
  const subject = SUBJECT_BY_ID.get(input.subject);
  if (!subject) throw new Error(`Unknown subject: ${input.subject}`);
  const theme = input.theme ?? subject.id.replace(/-/g, " ");
  const styling = styled(input.style);
  const style = styling.base;
  const look = deckLook(theme);
  const variant = input.variant ?? 0;
  const pre = idPrefix(`${theme}|${style}|subject:${subject.id}|${variant}`);
  const rng = makeRng(hashString(`${look.seed}:${style}:${subject.id}:${variant}`));
  const s = new Scene();
  s.rect(0, 0, 600, 560, { fill: "sky", fill2: "skyLow", bg: true });
  s.rect(0, 560, 600, 240, { fill: "ground", fill2: "ground2", bg: true });
  if (subject.scene) s.subject(subject.id, () => subject.scene!(s, 560, rng));
  s.foreground();
  if (subject.actor) figure(s, { x: 420, y: 700, h: 300, robe: "robe", cloak: "cloak", head: "crown", actor: { subject: subject.id, ...subject.actor } });
  drawSubject(s, subject, { x: subject.actor ? 200 : 300, y: subject.sky ? 380 : 640, size: subject.actor ? 200 : 280, facing: 1, v: variant });
  return render(s, look, styling, pre, { numeral: subject.category, title: subject.id.replace(/-/g, " ") }, subject.id, theme, input.style);
}

/** How many painted backs a deck may choose from. */
export const BACK_DESIGNS = 4;

/**
 * The deck's card back, 600×800, deterministic from (theme, style, design). Design 0 is the deck's
 * first back; the others scatter their marks and shape their star anew in the same colours.
 */
export function paintCardBackSvg(input: { theme: string; style: string; design?: number }): string {
  const styling = styled(input.style);
  const style = styling.base;
  const look = deckLook(input.theme);
  const design = Math.min(BACK_DESIGNS - 1, Math.max(0, Math.floor(input.design ?? 0)));
  const suffix = design ? `:${design}` : "";
  const pre = idPrefix(`${input.theme}|${styling.original ? style : styling.understood.ids.join("+")}|back${suffix}`);
  const rng = makeRng(hashString(`${look.seed}:${style}:back${suffix}`));
  const s = new Scene();
  s.rect(0, 0, 600, 800, { fill: "night", fill2: "sky", bg: true });
  // Scattered marks in one quadrant, mirrored into the other three.
  const marks: [number, number, number][] = [];
  for (let i = 0; i < 7 + design * 3; i++) marks.push([rng.range(60, 280), rng.range(60, 380), rng.range(0.5, 0.9)]);
  for (const [x, y, k] of marks)
    for (const [mx, my] of [
      [x, y],
      [600 - x, y],
      [x, 800 - y],
      [600 - x, 800 - y],
    ] as const) {
      if (Math.hypot(mx - 300, my - 400) < 230) continue;
      motifMark(s, look.motif, mx, my, k, 200, { bg: true, op: 0.8 });
    }
  s.foreground();
  s.circle(300, 400, 240, { fill: "light", glow: true, op: 0.6 });
  s.circle(300, 400, 205, { fill: "cloak" });
  s.circle(300, 400, 205, { stroke: "gold", w: 5 });
  s.circle(300, 400, 170, { stroke: "gold", w: 2 });
  const ring = [12, 8, 16, 6][design]!;
  for (let i = 0; i < ring; i++) {
    const a = (i / ring) * Math.PI * 2;
    motifMark(s, look.motif, 300 + Math.cos(a) * 188, 400 + Math.sin(a) * 188, 0.7, (a * 180) / Math.PI + 90);
  }
  s.poly(starPoints(300, 400, 160, 62, [12, 7, 16, 5][design]!), { fill: "robe" });
  s.poly(starPoints(300, 400, 120, 48, [8, 14, 6, 10][design]!), { fill: "gold" });
  s.circle(300, 400, 52, { fill: "night" });
  s.poly(starPoints(300, 400, 40, 16, 8, -67.5), { fill: "light" });
  crescent(s, 300, 150, 40, "gold", 0.45, 90);
  crescent(s, 300, 650, 40, "gold", 0.45, -90);
  for (const y of [150, 650]) for (const side of [-1, 1]) s.circle(300 + side * 70, y, 6, { fill: "gold" });
  if (styling.original) styleOrnaments(s, style, rng, look, null);
  return render(s, look, styling, pre, null, "Card back", input.theme, input.style);
}
