import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm, withDefaults } from "~/lib/read-form.server";
import { createBundle, endBundle, sellerBundles } from "~/marketplace/bundles.server";
import { requireSeller } from "~/marketplace/earnings.server";
import { bundleForm } from "~/marketplace/offers";

/** Round trips: the person, then their bundles and decks in one batch, then the bundles' decks; making one checks the decks, then writes it in one batch. */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 5 };

export const meta: MetaFunction = () => [{ title: "Bundles — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSeller(request, context);
  return sellerBundles(context.db, user.id);
}

/** The page's forms: a new bundle (its decks ticked in a list; a title or price not sent reads as empty), and a bundle ended. */
const bundlesForm = lazySchema(() =>
  withDefaults(
    { title: "", price: "" },
    z.discriminatedUnion("intent", [
      bundleForm.extend({ intent: z.literal("create") }),
      z.object({ intent: z.literal("end"), bundleId: z.string().min(1).max(64) }),
    ]),
  ),
);

export type BundlesActionData = { ok: boolean; message: string; errors?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSeller(request, context);
  const read = await readForm(request, bundlesForm, { lists: ["decks"] });
  if (!read.ok) {
    if (read.intent === "end") return data<BundlesActionData>({ ok: false, message: "Choose a bundle to end." }, { status: 400 });
    if (read.unknownIntent) return data<BundlesActionData>({ ok: false, message: "Choose one of the actions on this page." }, { status: 400 });
    const errors = Object.fromEntries(read.issues.map((issue) => [issue.field || "form", issue.message]));
    return data<BundlesActionData>({ ok: false, message: "Check the bundle’s details.", errors }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "end": {
      const outcome = await endBundle(context.db, user.id, form.bundleId);
      if (!outcome.ok && outcome.status === 404) throw new Response("Not found", { status: 404 });
      return data<BundlesActionData>({ ok: outcome.ok, message: outcome.message });
    }
    case "create": {
      const outcome = await createBundle(context.db, user, { title: form.title, price: form.price, decks: form.decks });
      if (outcome.ok) return data<BundlesActionData>({ ok: true, message: outcome.message });
      return data<BundlesActionData>(
        { ok: false, message: outcome.message, errors: outcome.field ? { [outcome.field]: outcome.message } : undefined },
        { status: outcome.status },
      );
    }
  }
}

export default function Bundles() {
  const { bundles, decks } = useLoaderData<typeof loader>();
  const result = useActionData<BundlesActionData>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  const field = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  const fieldError = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-normal text-danger">
        {errors[name]}
      </span>
    ) : null;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHeader eyebrow="Sales" title="Bundles">
        <p>Two or more of your decks at one price, less than they cost apart. Buyers find them on your shop and on each deck’s page.</p>
      </PageHeader>
      <p className="mb-4 text-sm">
        <Link to="/sales" className="text-brand underline">
          Sales &amp; payouts
        </Link>{" "}
        ·{" "}
        <Link to="/sales/codes" className="text-brand underline">
          Offer codes
        </Link>
      </p>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={result.ok ? "mb-4 rounded-xl bg-surface-2 p-3 text-sm" : "mb-4 rounded-xl border border-danger/40 p-3 text-sm text-danger"}
        >
          {result.message}
        </p>
      ) : null}

      <section className="rounded-3xl border border-line bg-surface/80 p-5 sm:p-6">
        <h2 className="text-xl font-bold">New bundle</h2>
        {decks.length < 2 ? (
          <p className="mt-2 text-sm text-muted">
            A bundle needs two of your decks for sale in the marketplace at a price. List them from your collection first.
          </p>
        ) : (
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="create" />
            <label className="block text-sm font-semibold">
              Title
              <Input name="title" maxLength={80} placeholder="Sky and sand" required {...field("title")} />
              {fieldError("title")}
            </label>
            <fieldset {...field("decks")}>
              <legend className="text-sm font-semibold">Decks</legend>
              <ul className="mt-1 grid gap-2">
                {decks.map((deck) => (
                  <li key={deck.id}>
                    <label className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2 text-sm">
                      <input type="checkbox" name="decks" value={deck.id} className="h-5 w-5" />
                      <span className="flex-1">{deck.title}</span>
                      <span className="text-muted">{formatMoney(deck.priceCents)}</span>
                    </label>
                  </li>
                ))}
              </ul>
              {fieldError("decks")}
            </fieldset>
            <label className="block text-sm font-semibold">
              Bundle price in dollars
              <Input name="price" inputMode="decimal" placeholder="12.00" required {...field("price")} />
              {fieldError("price")}
            </label>
            <div>
              <button type="submit" className={buttonClasses("primary")} disabled={busy}>
                Put the bundle on sale
              </button>
            </div>
          </Form>
        )}
      </section>

      <section className="mt-8">
        <h2 className="text-xl font-bold">Your bundles</h2>
        {bundles.length === 0 ? (
          <p className="mt-3 rounded-3xl border border-dashed border-line p-6 text-center text-muted">No bundles yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3" data-testid="bundles">
            {bundles.map((bundle) => (
              <li key={bundle.id} className="rounded-2xl border border-line bg-surface/80 p-4 text-sm" data-testid="bundle-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/checkout/bundle/${bundle.id}`} className="text-base font-bold underline-offset-2 hover:underline">
                    {bundle.title}
                  </Link>
                  <Badge tone={bundle.onSale ? "success" : "neutral"}>
                    {bundle.ended ? "Ended" : bundle.onSale ? "On sale" : "Not on sale: a deck is out of the marketplace"}
                  </Badge>
                </div>
                <p className="mt-1">
                  {formatMoney(bundle.priceCents, bundle.currency)}{" "}
                  <span className="text-muted">instead of {formatMoney(bundle.separateCents, bundle.currency)}</span>
                </p>
                <p className="text-muted">{bundle.decks.map((deck) => deck.title).join(" · ")}</p>
                {bundle.ended ? null : (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="bundleId" value={bundle.id} />
                    <button type="submit" name="intent" value="end" className={buttonClasses("secondary", "sm")} disabled={busy}>
                      End this bundle
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
