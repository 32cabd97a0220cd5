import { useEffect, useState } from "react";
import { formatDate, formatLocalDate, styleHasTime, type DateStyle } from "~/lib/format";

/**
 * A moment shown in the reader's own time zone. The server knows no time zone, so the page arrives
 * with the UTC wording (named as such when it shows a time); once the page runs, the browser rewrites
 * it in local time. The machine-readable moment is always in `dateTime`.
 */
export function LocalTime({ at, style = "long", className }: { at: number; style?: DateStyle; className?: string }) {
  const utc = styleHasTime(style) ? `${formatDate(at, style)} UTC` : formatDate(at, style);
  const [text, setText] = useState(utc);
  useEffect(() => setText(formatLocalDate(at, style)), [at, style]);
  const iso = new Date(at).toISOString();
  return (
    <time dateTime={iso} title={`${formatDate(at, "longWithTime")} UTC`} className={className}>
      {text}
    </time>
  );
}
