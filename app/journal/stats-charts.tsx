/**
 * The journal's statistics drawn as small SVG charts, rendered on the server so they show without
 * JavaScript. Each chart is an image with a title and a one-sentence description for screen readers,
 * and its figures are a table one tap away for anyone who prefers numbers.
 */
import type { ReactNode } from "react";
import { libraryPath } from "~/tarot/paths";
import { percent, type JournalStats } from "./stats";

function Figure({ id, title, summary, children, table }: { id: string; title: string; summary: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="grid content-start gap-3 rounded-3xl border border-line bg-surface/80 p-5" aria-labelledby={`${id}-title`} data-testid={`stats-${id}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      <figcaption className="text-sm text-muted" id={`${id}-summary`}>
        {summary}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand underline-offset-4 hover:underline">Show as a table</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

function Table({ head, rows }: { head: [string, string]; rows: [ReactNode, string][] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="text-muted">
          <th scope="col" className="py-1 font-medium">
            {head[0]}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value], i) => (
          <tr key={i} className="border-t border-line">
            <th scope="row" className="py-1 font-normal">
              {label}
            </th>
            <td className="py-1 text-right tabular-nums">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Readings a month, as columns: the last twelve months, this one on the right. */
export function MonthsChart({ stats }: { stats: JournalStats }) {
  const width = 360;
  const height = 150;
  const top = Math.max(1, ...stats.months.map((month) => month.count));
  const slot = width / stats.months.length;
  const bar = slot * 0.62;
  const base = height - 22;
  const busiest = stats.months.reduce((best, month) => (month.count > best.count ? month : best), stats.months[0]!);
  const inYear = stats.months.reduce((sum, month) => sum + month.count, 0);
  const summary =
    inYear === 0
      ? "No readings in the last twelve months."
      : `${plural(inYear, "reading")} in the last twelve months; the busiest was ${busiest.label}, with ${busiest.count}.${stats.earlier ? ` ${plural(stats.earlier, "reading")} before that.` : ""}`;
  return (
    <Figure
      id="months"
      title="Readings a month"
      summary={summary}
      table={<Table head={["Month", "Readings"]} rows={stats.months.map((month) => [month.label, String(month.count)])} />}
    >
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="months-title months-summary" className="h-auto w-full">
        <line x1="0" x2={width} y1={base} y2={base} className="stroke-line" strokeWidth="1" />
        {stats.months.map((month, i) => {
          const h = month.count === 0 ? 0 : Math.max(3, (month.count / top) * (base - 18));
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={month.month}>
              <title>{`${month.label}: ${plural(month.count, "reading")}`}</title>
              <rect x={x} y={base - h} width={bar} height={h} rx="3" className="fill-brand" />
              {month.count > 0 ? (
                <text x={x + bar / 2} y={base - h - 4} textAnchor="middle" className="fill-ink text-[10px] tabular-nums">
                  {month.count}
                </text>
              ) : null}
              <text x={x + bar / 2} y={height - 6} textAnchor="middle" className="fill-muted text-[10px]">
                {month.label.slice(0, 1)}
              </text>
            </g>
          );
        })}
      </svg>
    </Figure>
  );
}

/** Horizontal bars, one a row, each with its label and count: the cards and the suits drawn most. */
function Bars({ id, rows, total }: { id: string; rows: { label: string; count: number }[]; total: number }) {
  const width = 360;
  const row = 26;
  const labelWidth = 132;
  const top = Math.max(1, ...rows.map((one) => one.count));
  const room = width - labelWidth - 56;
  return (
    <svg viewBox={`0 0 ${width} ${rows.length * row}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} className="h-auto w-full">
      {rows.map((one, i) => {
        const w = one.count === 0 ? 0 : Math.max(3, (one.count / top) * room);
        const y = i * row;
        return (
          <g key={one.label}>
            <title>{`${one.label}: ${one.count} (${percent(one.count, total)})`}</title>
            <text x={labelWidth - 8} y={y + row / 2 + 4} textAnchor="end" className="fill-ink text-[11px]">
              {one.label.length > 22 ? `${one.label.slice(0, 21)}…` : one.label}
            </text>
            <rect x={labelWidth} y={y + 5} width={w} height={row - 10} rx="3" className="fill-brand" />
            <text x={labelWidth + w + 6} y={y + row / 2 + 4} className="fill-muted text-[11px] tabular-nums">
              {one.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function TopCardsChart({ stats }: { stats: JournalStats }) {
  const first = stats.topCards[0];
  const summary = first ? `Your most drawn card is ${first.name}, ${plural(first.count, "time")} in ${plural(stats.draws, "draw")}.` : "No cards drawn yet.";
  return (
    <Figure
      id="cards"
      title="Cards drawn most"
      summary={summary}
      table={
        <Table
          head={["Card", "Times drawn"]}
          rows={stats.topCards.map((card) => [
            <a key={card.key} href={libraryPath(card.key)} className="underline-offset-4 hover:underline">
              {card.name}
            </a>,
            String(card.count),
          ])}
        />
      }
    >
      {stats.topCards.length > 0 ? (
        <Bars id="cards" rows={stats.topCards.map((card) => ({ label: card.name, count: card.count }))} total={stats.draws} />
      ) : null}
    </Figure>
  );
}

export function SuitsChart({ stats }: { stats: JournalStats }) {
  const leading = [...stats.suits].sort((a, b) => b.count - a.count)[0]!;
  const summary = stats.draws === 0 ? "No cards drawn yet." : `${leading.name} came up most: ${percent(leading.count, stats.draws)} of your draws.`;
  return (
    <Figure
      id="suits"
      title="Suits drawn"
      summary={summary}
      table={<Table head={["Suit", "Draws"]} rows={stats.suits.map((suit) => [suit.name, `${suit.count} (${percent(suit.count, stats.draws)})`])} />}
    >
      <Bars id="suits" rows={stats.suits.map((suit) => ({ label: suit.name, count: suit.count }))} total={stats.draws} />
    </Figure>
  );
}

/** One share as a ring: the part filled, the percentage in the middle. */
function Ring({ id, part, whole, label }: { id: string; part: number; whole: number; label: string }) {
  const radius = 40;
  const length = 2 * Math.PI * radius;
  const filled = whole === 0 ? 0 : (part / whole) * length;
  return (
    <svg viewBox="0 0 120 120" role="img" aria-labelledby={`${id}-title ${id}-summary`} className="mx-auto h-32 w-32">
      <title>{label}</title>
      <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="14" className="stroke-brand-soft" />
      <circle
        cx="60"
        cy="60"
        r={radius}
        fill="none"
        strokeWidth="14"
        strokeLinecap="butt"
        strokeDasharray={`${filled} ${length}`}
        transform="rotate(-90 60 60)"
        className="stroke-brand"
      />
      <text x="60" y="66" textAnchor="middle" className="fill-ink text-[18px] font-semibold tabular-nums">
        {percent(part, whole)}
      </text>
    </svg>
  );
}

export function SharesChart({ stats, kind }: { stats: JournalStats; kind: "major" | "reversed" }) {
  const part = kind === "major" ? stats.majorDraws : stats.reversedDraws;
  const what = kind === "major" ? "Major Arcana" : "Reversed cards";
  const summary =
    stats.draws === 0
      ? "No cards drawn yet."
      : kind === "major"
        ? `${percent(part, stats.draws)} of your draws were Major Arcana (${part} of ${stats.draws}); in a shuffled 78-card deck about 28% are.`
        : `${percent(part, stats.draws)} of your draws lay reversed (${part} of ${stats.draws}).`;
  return (
    <Figure
      id={kind}
      title={what}
      summary={summary}
      table={
        <Table
          head={["Draws", "Count"]}
          rows={[
            [what, String(part)],
            ["Others", String(stats.draws - part)],
          ]}
        />
      }
    >
      <Ring id={kind} part={part} whole={stats.draws} label={`${what}: ${percent(part, stats.draws)}`} />
    </Figure>
  );
}
