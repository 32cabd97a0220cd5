import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";

type Offer = { id: string; title: string; spreadName: string; priceCents: number; answerHours: number };

/** A reader's written readings on their profile: each offer with its price and answer time. */
export function WrittenOffers(props: { username: string; name: string; offers: Offer[]; mayAsk: boolean }) {
  if (props.offers.length === 0) return null;
  return (
    <section aria-labelledby="written-heading" className="mt-8 rounded-3xl border border-line bg-surface/90 p-6 sm:p-8" data-testid="written-offers">
      <h2 id="written-heading" className="text-2xl font-bold">
        Written readings
      </h2>
      <p className="mt-2 text-muted">
        Ask a question and {props.name} draws the cards for you and writes the answer. Paid from your balance; refunded automatically if it is not answered in
        time.
      </p>
      <ul className="mt-4 grid gap-3">
        {props.offers.map((offer) => (
          <li key={offer.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line p-4">
            <div className="min-w-0">
              <p className="font-semibold">{offer.title}</p>
              <p className="text-sm text-muted">{`${offer.spreadName} · answered within ${offer.answerHours} hours`}</p>
            </div>
            <p className="font-display text-xl font-bold text-gold">{formatMoney(offer.priceCents)}</p>
          </li>
        ))}
      </ul>
      {props.mayAsk ? (
        <Link to={`/readers/${props.username}/written`} className={`${buttonClasses("primary")} mt-4`} data-testid="ask-written">
          Ask for a written reading
        </Link>
      ) : null}
    </section>
  );
}
