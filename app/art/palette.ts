import { hashString } from "../lib/hash";

export { hashString };

export type Palette = { deep: string; mid: string; glow: string; ink: string; accent: string };

/** A deck's palette, derived from its theme: one base hue with a complementary accent. */
export function paletteFor(theme: string): Palette {
  const hash = hashString(theme.trim().toLowerCase());
  const hue = hash % 360;
  const accentHue = (hue + 150 + ((hash >> 9) % 60)) % 360;
  return {
    deep: `hsl(${hue} 55% 12%)`,
    mid: `hsl(${(hue + 20) % 360} 50% 26%)`,
    glow: `hsl(${(hue + 40) % 360} 70% 62%)`,
    ink: `hsl(${hue} 30% 92%)`,
    accent: `hsl(${accentHue} 75% 66%)`,
  };
}
