import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { LocalTime } from "~/components/local-time";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { offerForm, WRITTEN_ANSWER_HOURS, WRITTEN_SPREADS, WRITTEN_TITLE_MAX, writtenStatusLabel } from "~/paid-readings/written";
import { addOffer, offersOf, setOfferActive, writtenRequestsOfReader } from "~/paid-readings/written.server";
import { Input, Select } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Round trips: the person, then their offers and requests at once; a change is one write. */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 4 };

export const meta: MetaFunction = () => [{ title: "Written readings — Reader dashboard — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) throw new Response("Only readers offer written readings.", { status: 403 });
  const [offers, requests] = await Promise.all([offersOf(context.db, user.id), writtenRequestsOfReader(context.db, user.id)]);
  return { offers, requests, now: Date.now(), username: user.username };
}

type ActionData = { ok: boolean; message: string; field?: string };

/** The page's forms: a new offer, and an offer withdrawn or offered again (one the reader has not is not found). */
const writtenOffersForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    offerForm.extend({ intent: z.literal("add") }),
    z.object({ intent: z.enum(["withdraw", "restore"]), offerId: z.string().catch("") }),
  ]),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (!user.isReader) throw new Response("Only readers offer written readings.", { status: 403 });
  const read = await readForm(request, writtenOffersForm);
  if (!read.ok) {
    if (read.unknownIntent) return data<ActionData>({ ok: false, message: "Unknown action." }, { status: 400 });
    return data<ActionData>({ ok: false, message: read.message, field: read.field }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "add":
      await addOffer(context.db, user.id, form);
      return data<ActionData>({ ok: true, message: "Offer added: clients see it on your profile." });
    case "withdraw":
    case "restore": {
      const changed = await setOfferActive(context.db, user.id, form.offerId, form.intent === "restore");
      if (!changed) throw new Response("Offer not found", { status: 404 });
      return data<ActionData>({ ok: true, message: form.intent === "restore" ? "Offered again." : "Offer withdrawn: requests already made still stand." });
    }
  }
}

export default function WrittenOffersDashboard() {
  const { offers, requests, now, username } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const invalid = (name: string) => (result && !result.ok && result.field === name ? true : undefined);
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Reader dashboard" title="Written readings" />
      <Panel>
        <p className="text-sm">
          <Link to="/reader-dashboard" className="underline">
            Back to the dashboard
          </Link>
          {username ? (
            <>
              {" "}
              ·{" "}
              <Link to={`/readers/${username}`} className="underline">
                Your profile
              </Link>
            </>
          ) : null}
        </p>
        <section aria-labelledby="requests-title" className="mt-6">
          <h2 id="requests-title" className="text-2xl font-bold">
            Requests
          </h2>
          {requests.length === 0 ? (
            <p className="mt-2 text-muted">No written readings asked yet.</p>
          ) : (
            <ul className="mt-3 grid gap-2" data-testid="written-requests">
              {requests.map((request) => (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line p-4">
                  <div className="min-w-0">
                    <Link to={`/written/${request.id}`} className="font-semibold underline-offset-4 hover:underline">
                      {request.title}
                    </Link>
                    <p className="text-sm text-muted">
                      {request.clientName} · {formatMoney(request.priceCents)} ·{" "}
                      {writtenStatusLabel(request.status, "reader", request.status === "asked" && request.deadlineAt <= now)}
                    </p>
                  </div>
                  {request.status === "asked" && request.deadlineAt > now ? (
                    <p className="text-sm">
                      Due <LocalTime at={request.deadlineAt} style="longWithTime" />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="offers-title" className="mt-8">
          <h2 id="offers-title" className="text-2xl font-bold">
            Your offers
          </h2>
          {offers.length === 0 ? <p className="mt-2 text-muted">No offers yet: add one below.</p> : null}
          <ul className="mt-3 grid gap-2" data-testid="written-offer-list">
            {offers.map((offer) => (
              <li key={offer.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line p-4">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {offer.title}
                    {offer.active ? "" : " (withdrawn)"}
                  </p>
                  <p className="text-sm text-muted">
                    {WRITTEN_SPREADS.find((spread) => spread.id === offer.spreadId)?.name ?? offer.spreadId} · {formatMoney(offer.priceCents)} · within{" "}
                    {offer.answerHours} hours
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="offerId" value={offer.id} />
                  <button type="submit" name="intent" value={offer.active ? "withdraw" : "restore"} className={buttonClasses("ghost", "sm")}>
                    {offer.active ? "Withdraw" : "Offer again"}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-6 grid gap-4 rounded-2xl border border-line p-4 sm:grid-cols-2" data-testid="offer-form">
            <input type="hidden" name="intent" value="add" />
            <h3 className="text-lg font-bold sm:col-span-2">Add an offer</h3>
            <label className="block font-semibold sm:col-span-2">
              Title
              <Input
                name="title"
                required
                minLength={3}
                maxLength={WRITTEN_TITLE_MAX}
                placeholder="Three-card reading, answered within 48 hours"
                aria-invalid={invalid("title")}
              />
            </label>
            <label className="block font-semibold">
              Spread
              <Select name="spreadId" defaultValue="three-card" aria-invalid={invalid("spreadId")}>
                {WRITTEN_SPREADS.map((spread) => (
                  <option key={spread.id} value={spread.id}>
                    {spread.name}
                  </option>
                ))}
              </Select>
            </label>
            <label className="block font-semibold">
              Price ($)
              <Input name="price" required inputMode="decimal" pattern="\$?[0-9]{1,5}([.,][0-9]{1,2})?" placeholder="25" aria-invalid={invalid("price")} />
            </label>
            <fieldset className="sm:col-span-2">
              <legend className="font-semibold">Answered within</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WRITTEN_ANSWER_HOURS.map((hours) => (
                  <label
                    key={hours}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-4 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
                  >
                    <input type="radio" name="hours" value={hours} defaultChecked={hours === 48} />
                    {hours} hours
                  </label>
                ))}
              </div>
            </fieldset>
            {result ? (
              <p
                role={result.ok ? "status" : "alert"}
                className={result.ok ? "font-semibold sm:col-span-2" : "font-semibold text-danger sm:col-span-2"}
                data-testid="offer-said"
              >
                {result.message}
              </p>
            ) : null}
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClasses("primary")}>
                Add the offer
              </button>
            </div>
          </Form>
        </section>
      </Panel>
    </div>
  );
}
