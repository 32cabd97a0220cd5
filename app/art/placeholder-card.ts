import { cardNumeral, type TarotCard } from "../tarot/cards";
import { hashString, paletteFor } from "./palette";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** A ring of small stars whose count and radius come from the card, so no two cards share a face. */
function starField(seed: number, count: number): string {
  let out = "";
  let s = seed;
  for (let i = 0; i < count; i++) {
    s = Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) >>> 0;
    const x = 40 + (s % 520);
    const y = 110 + ((s >>> 10) % 560);
    const r = 1 + ((s >>> 20) % 3);
    out += `<circle cx="${x}" cy="${y}" r="${r}" opacity="${0.35 + ((s >>> 24) % 60) / 100}"/>`;
  }
  return out;
}

/**
 * A simple generated card face (600×800, 3:4): the deck's palette, a star field, a central emblem,
 * the numeral and the card's name. It stands in until real art is painted.
 */
export function placeholderCardSvg(card: Pick<TarotCard, "key" | "name" | "arcana" | "number">, theme: string): string {
  const p = paletteFor(theme);
  const seed = hashString(`${theme}:${card.key}`);
  const rays = 6 + (card.number % 7);
  const rayPath = Array.from({ length: rays }, (_, i) => {
    const a = (i / rays) * Math.PI * 2;
    const x = 300 + Math.cos(a) * 150;
    const y = 400 + Math.sin(a) * 150;
    return `M300 400 L${x.toFixed(1)} ${y.toFixed(1)}`;
  }).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800" role="img" aria-label="${escapeXml(card.name)}">
<defs>
<radialGradient id="bg" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient>
<radialGradient id="orb" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.95"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="600" height="800" fill="url(#bg)"/>
<g fill="${p.ink}">${starField(seed, 38)}</g>
<rect x="22" y="22" width="556" height="756" rx="22" fill="none" stroke="${p.accent}" stroke-width="3"/>
<rect x="36" y="36" width="528" height="728" rx="14" fill="none" stroke="${p.accent}" stroke-opacity="0.45" stroke-width="1.5"/>
<circle cx="300" cy="400" r="190" fill="url(#orb)"/>
<path d="${rayPath}" stroke="${p.accent}" stroke-width="2" stroke-linecap="round" opacity="0.8"/>
<circle cx="300" cy="400" r="${card.arcana === "major" ? 62 : 48}" fill="${p.deep}" stroke="${p.accent}" stroke-width="4"/>
<circle cx="300" cy="400" r="18" fill="${p.glow}"/>
<text x="300" y="98" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="44" fill="${p.accent}" letter-spacing="4">${escapeXml(cardNumeral(card))}</text>
<rect x="70" y="676" width="460" height="62" rx="10" fill="${p.deep}" fill-opacity="0.75" stroke="${p.accent}" stroke-opacity="0.6"/>
<text x="300" y="718" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${card.name.length > 16 ? 28 : 34}" fill="${p.ink}">${escapeXml(card.name)}</text>
</svg>`;
}
