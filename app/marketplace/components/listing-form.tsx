/**
 * The owner's listing form on a deck's page: price, description, tags, preview cards and licence,
 * and taking the deck out of the marketplace. It posts to the deck page (intents `list` and
 * `unlist`), whose action checks every value again (`saveListing`); the plan's terms only decide
 * what the form offers.
 */
import { Form, Link } from "@remix-run/react";
import { ActionMessage } from "~/components/action-message";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Input, Select, Textarea } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";

type ListingFormProps = {
  deck: { id: string; description: string | null; cards: { key: string; name: string }[] };
  listing: {
    status: string;
    priceCents: number;
    hiddenAt: number | null;
    previewCardKeys: string[];
    description: string | null;
    tags: string[];
    licence: string;
  } | null;
  /** What the owner's plan allows (`listingTerms`). */
  terms: { maySell: boolean; mayLicenseCommercially: boolean };
  buyers: number;
  /** The last listing action's answer, when there is one. */
  result?: { ok: boolean; message: string; field?: string };
};

export function ListingForm({ deck, listing, terms, buyers, result }: ListingFormProps) {
  const listed = listing?.status === "listed";
  const preview = new Set(listing?.previewCardKeys ?? deck.cards.map((card) => card.key).slice(0, 3));
  const error = (field: string) => (result && !result.ok && result.field === field ? result.message : null);
  return (
    <section aria-labelledby="listing-heading" className="grid gap-4" data-testid="listing">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="listing-heading" className="text-lg font-bold">
          Marketplace
        </h3>
        <span className="text-sm text-muted">
          {listing?.hiddenAt ? "Hidden by Arcanum staff" : listed ? `Listed at ${formatPrice(listing.priceCents || null)}` : "Not listed"}
          {buyers > 0 ? ` · ${buyers} ${buyers === 1 ? "buyer" : "buyers"}` : ""}
        </span>
      </div>
      {result && !result.ok ? <ActionMessage ok={false}>{result.message}</ActionMessage> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="list" />
        <label className="text-sm font-semibold">
          Price in dollars (0 for free)
          <Input
            name="price"
            inputMode="decimal"
            required
            pattern="\d{1,4}(\.\d{1,2})?"
            defaultValue={listing ? (listing.priceCents / 100).toFixed(2) : "0"}
            aria-invalid={Boolean(error("price"))}
            aria-describedby="price-help"
          />
          <span id="price-help" className={cn("mt-1 block font-normal", error("price") ? "text-danger" : "text-muted")}>
            {error("price") ??
              (terms.maySell
                ? "Your plan's fee is taken from each sale."
                : "Your plan lists decks for free; selling for a price comes with Mystic, Creator and Visionary.")}
          </span>
        </label>
        <label className="text-sm font-semibold">
          Description
          <Textarea
            name="description"
            maxLength={2000}
            rows={3}
            defaultValue={listing?.description ?? deck.description ?? ""}
            aria-invalid={Boolean(error("description"))}
          />
          {error("description") ? <span className="mt-1 block font-normal text-danger">{error("description")}</span> : null}
        </label>
        <label className="text-sm font-semibold">
          Tags, separated by commas
          <Input name="tags" defaultValue={listing?.tags.join(", ") ?? ""} aria-invalid={Boolean(error("tags"))} aria-describedby="tags-help" />
          <span id="tags-help" className={cn("mt-1 block font-normal", error("tags") ? "text-danger" : "text-muted")}>
            {error("tags") ?? "Up to 8, such as moon, watercolour."}
          </span>
        </label>
        <fieldset className="text-sm" aria-describedby="preview-help">
          <legend className="font-semibold">Preview cards</legend>
          <p id="preview-help" className={cn("mt-1", error("preview") ? "text-danger" : "text-muted")}>
            {error("preview") ?? "Anyone may turn these over; the other cards stay for you and your buyers. None chosen: the first three."}
          </p>
          <div className="mt-2 grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-xl border border-line p-2 sm:grid-cols-2">
            {deck.cards.map((card) => (
              <label key={card.key} className="flex items-center gap-2">
                <input type="checkbox" name="preview" value={card.key} defaultChecked={preview.has(card.key)} />
                {card.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="text-sm font-semibold">
          Licence
          <Select name="licence" defaultValue={listing?.licence ?? "personal"} aria-invalid={Boolean(error("licence"))}>
            <option value="personal">Personal use</option>
            {terms.mayLicenseCommercially ? <option value="commercial">Commercial use</option> : null}
          </Select>
        </label>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClasses("gold")}>
            {listed ? "Save listing" : "List in the marketplace"}
          </button>
          {listed ? (
            <Link to={`/marketplace/${deck.id}`} className={buttonClasses("secondary")}>
              See it in the marketplace
            </Link>
          ) : null}
        </div>
      </Form>
      {listed ? (
        <Form method="post">
          <input type="hidden" name="intent" value="unlist" />
          <button type="submit" className={buttonClasses("secondary")}>
            Take it out of the marketplace
          </button>
          <p className="mt-2 text-sm text-muted">The deck becomes private; people who already have it keep it.</p>
        </Form>
      ) : null}
    </section>
  );
}
