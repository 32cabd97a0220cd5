import { cardSize } from "./spreads";
import type { LaidSpread } from "./custom-spreads";

/** A small drawing of a spread's layout: each position a card outline where it lies on the table, numbered. */
export function SpreadPicture({ spread, className }: { spread: LaidSpread; className?: string }) {
  const { w, h } = cardSize(spread);
  // The table is 4:3: drawn 100 × 75 so that table units keep their proportions.
  return (
    <svg
      viewBox="0 0 100 75"
      role="img"
      aria-label={`Layout of ${spread.name}: ${spread.positions.length} ${spread.positions.length === 1 ? "card" : "cards"}`}
      className={className}
    >
      <rect x="0.5" y="0.5" width="99" height="74" rx="4" className="fill-surface-2 stroke-line" strokeWidth="1" />
      {spread.positions.map((spot) => (
        <g key={spot.index} transform={`translate(${spot.x} ${spot.y * 0.75}) rotate(${spot.rotation})`}>
          <rect x={-w / 2} y={(-h * 0.75) / 2} width={w} height={h * 0.75} rx="1.2" className="fill-surface stroke-gold" strokeWidth="0.8" />
          {spread.freeLayout ? null : (
            <text textAnchor="middle" dominantBaseline="central" fontSize="5" className="fill-muted" transform={`rotate(${-spot.rotation})`}>
              {spot.index + 1}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
