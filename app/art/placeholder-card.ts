import { hashString } from "./palette";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Splits text into at most `maxLines` lines of about `width` characters, ending with an ellipsis if cut. */
function wrapLines(text: string, width: number, maxLines: number): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > width ? `${w.slice(0, width - 1)}…` : w));
  const lines: string[] = [];
  let line = "";
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
      if (lines.length === maxLines) break;
    }
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (i < words.length) lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, width - 1)}…`;
  return lines;
}

/**
 * A calm 600×900 (2:3) placeholder shown when remote image generation fails: a muted card with a
 * dashed inner border, an empty-frame glyph, the card's name and the deck theme. Clearly not art.
 */
export function failurePlaceholderSvg(cardName: string, theme: string): string {
  const hue = hashString(theme.trim().toLowerCase()) % 360;
  const bgTop = `hsl(${hue} 14% 22%)`;
  const bgBottom = `hsl(${hue} 18% 14%)`;
  const line = `hsl(${hue} 16% 62%)`;
  const soft = `hsl(${hue} 14% 42%)`;
  const text = `hsl(${hue} 20% 90%)`;
  const muted = `hsl(${hue} 12% 70%)`;
  const id = `f${hashString(`${cardName}|${theme}`).toString(36).slice(0, 6)}`;
  const name = cardName.trim() || "Card";
  const nameSize = name.length > 22 ? 34 : name.length > 16 ? 40 : 46;
  const themeLines = wrapLines(theme || "Untitled deck", 34, 3);
  const themeText = themeLines.map((l, i) => `<tspan x="300" dy="${i === 0 ? 0 : 34}">${escapeXml(l)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img" aria-label="${escapeXml(`${name} (artwork unavailable)`)}">
<title>${escapeXml(`${name}: artwork unavailable`)}</title>
<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
<rect width="600" height="900" rx="28" fill="url(#${id}-bg)"/>
<rect x="30" y="30" width="540" height="840" rx="18" fill="none" stroke="${line}" stroke-opacity="0.55" stroke-width="2" stroke-dasharray="10 10"/>
<g fill="none" stroke="${line}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity="0.8">
<rect x="220" y="230" width="160" height="200" rx="12"/>
<circle cx="300" cy="305" r="30"/>
<path d="M240 410l40-44 30 30 24-22 46 36"/>
</g>
<text x="300" y="540" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${nameSize}" fill="${text}">${escapeXml(name)}</text>
<line x1="250" y1="574" x2="350" y2="574" stroke="${soft}" stroke-width="2"/>
<text x="300" y="624" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-style="italic" font-size="26" fill="${muted}">${themeText}</text>
<text x="300" y="800" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="18" letter-spacing="3" fill="${soft}">ARTWORK UNAVAILABLE</text>
</svg>`;
}
