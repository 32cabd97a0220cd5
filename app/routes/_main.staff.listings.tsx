import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireStaff } from "~/auth/staff.server";
import { DeckActionButton, HideDeckForm, ModerationMessage, type ModerationResult } from "~/marketplace/components/moderation-forms";
import { PageHeader } from "~/components/page-header";
import { StaffNav } from "~/staff/staff-nav";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatPrice, longDate } from "~/lib/format";
import { listingsForStaff, moderateFromForm } from "~/marketplace/moderation.server";
import type { PageHandle } from "~/lib/page-handle";
import { staffMeta } from "~/staff/meta";

/** The moderation itself, then the line in the staff record (decision 0078). */
export const handle: PageHandle = { actionRoundTrips: 5 };

export const meta: MetaFunction = staffMeta("Listings");

const searchSchema = lazySchema(() => z.object({ q: z.string().trim().max(100).catch("") }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context);
  const { q } = searchSchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  return { q, listings: await listingsForStaff(context.db, q) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(context);
  const { status, result } = await moderateFromForm(context.db, staff.id, await request.formData());
  return data<ModerationResult>(result, { status });
}

export default function StaffListings() {
  const { q, listings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader eyebrow="Staff" title="Listings">
        <p>Hidden and featured decks, or any listing by its title.</p>
      </PageHeader>
      <StaffNav />
      <Form method="get" role="search" className="mb-8 flex flex-wrap gap-3">
        <label className="sr-only" htmlFor="staff-search">
          Deck title
        </label>
        <input
          id="staff-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Search listings by title"
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-base"
        />
        <button type="submit" className={buttonClasses("primary")}>
          Search
        </button>
        {q ? (
          <Link to="/staff/listings" className={buttonClasses("secondary")}>
            Show hidden and featured
          </Link>
        ) : null}
      </Form>
      {result && !listings.some((listing) => listing.deckId === result.deckId) ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "mb-6" : "mb-6 text-danger"}>
          {result.message}
        </p>
      ) : null}
      {listings.length === 0 ? (
        <p className="rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted">
          {q ? `No listing has “${q}” in its title.` : "No deck is hidden or featured."}
        </p>
      ) : (
        <ul className="grid gap-4">
          {listings.map((listing) => (
            <li key={listing.deckId} className="rounded-3xl border border-line bg-surface/80 p-5 shadow-sm" data-testid="staff-listing">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-xl font-bold">
                  <Link to={`/marketplace/${listing.deckId}`} className="hover:underline">
                    {listing.title}
                  </Link>
                </h2>
                <span className="flex flex-wrap gap-2">
                  {listing.hiddenAt ? <Badge>Hidden {longDate(listing.hiddenAt)}</Badge> : null}
                  {listing.featured ? <Badge tone="brand">Featured</Badge> : null}
                  {listing.status === "unlisted" ? <Badge>Taken out by its creator</Badge> : null}
                  {listing.openReports > 0 ? (
                    <Badge tone="gold">
                      {listing.openReports} open {listing.openReports === 1 ? "report" : "reports"}
                    </Badge>
                  ) : null}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">
                by {listing.creator ? `@${listing.creator}` : "a creator without a username"} · {formatPrice(listing.priceCents || null)}
              </p>
              {listing.hiddenReason ? <p className="mt-2 text-sm">Reason given: {listing.hiddenReason}</p> : null}
              <div className="mt-4 grid gap-3">
                <ModerationMessage deckId={listing.deckId} result={result} />
                <div className="flex flex-wrap gap-3">
                  {listing.hiddenAt ? (
                    <DeckActionButton deckId={listing.deckId} intent="unhide" label="Unhide" />
                  ) : listing.featured ? (
                    <DeckActionButton deckId={listing.deckId} intent="unfeature" label="Stop featuring" />
                  ) : (
                    <DeckActionButton deckId={listing.deckId} intent="feature" label="Feature" variant="gold" />
                  )}
                </div>
                {listing.hiddenAt ? null : (
                  <details open={result?.deckId === listing.deckId && result.field === "reason"} className="rounded-2xl border border-line p-3">
                    <summary className="cursor-pointer text-sm font-semibold">Hide from the marketplace…</summary>
                    <div className="mt-3">
                      <HideDeckForm deckId={listing.deckId} result={result} />
                    </div>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
