import { Link } from "@remix-run/react";
import { TarotCardImage } from "~/components/tarot-card";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";

type BundleShown = {
  id: string;
  title: string;
  priceCents: number;
  currency: string;
  separateCents: number;
  decks: { id: string; title: string; coverUrl: string | null }[];
};

/** A bundle on sale, as the shop and a deck's page show it: its decks' faces, its price against theirs apart, and the way to buy it. */
export function BundleCard({ bundle }: { bundle: BundleShown }) {
  return (
    <li className="rounded-3xl border border-gold-bright/50 bg-surface/80 p-4 sm:p-5" data-testid="bundle">
      <div className="flex items-center gap-4">
        <div className="flex shrink-0 -space-x-8" aria-hidden="true">
          {bundle.decks.slice(0, 3).map((deck) => (
            <TarotCardImage key={deck.id} src={deck.coverUrl} alt="" className="w-14 rounded-lg shadow-md ring-2 ring-surface" />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Bundle · {bundle.decks.length} decks</p>
          <p className="mt-1 break-words text-lg font-bold">{bundle.title}</p>
          <p className="text-sm text-muted">{bundle.decks.map((deck) => deck.title).join(" · ")}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p>
          <span className="font-display text-2xl font-bold text-gold">{formatMoney(bundle.priceCents, bundle.currency)}</span>{" "}
          <span className="text-sm text-muted line-through">{formatMoney(bundle.separateCents, bundle.currency)}</span>
        </p>
        <Link to={`/checkout/bundle/${bundle.id}`} className={buttonClasses("gold")}>
          Buy the bundle
        </Link>
      </div>
    </li>
  );
}
