import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { formatCount, formatMoney, longDate } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { lazySchema } from "~/lib/lazy-schema";
import { intentBranch, readForm } from "~/lib/read-form.server";
import { requireSeller } from "~/marketplace/earnings.server";
import { codeForm, codeOff, MAX_PERCENT_OFF, MINIMUM_PRICE_CENTS } from "~/marketplace/offers";
import { createCode, endCode, sellerCodes } from "~/marketplace/offers.server";
import { tellWishers } from "~/marketplace/wishlist.server";
import { pushTargetOf } from "~/push/notify.server";

/** Round trips: the person, then their codes and decks in one batch; making a code checks its deck, then writes it. */
export const handle: PageHandle = { roundTrips: 3, actionRoundTrips: 4 };

export const meta: MetaFunction = () => [{ title: "Offer codes — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSeller(request, context);
  return sellerCodes(context.db, user.id);
}

/** The page's forms: a new code, and a code ended. */
const codesForm = lazySchema(() =>
  z.discriminatedUnion("intent", [intentBranch("create", codeForm), z.object({ intent: z.literal("end"), codeId: z.string().min(1).max(64) })]),
);

export type CodesActionData = { ok: boolean; message: string; errors?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSeller(request, context);
  const read = await readForm(request, codesForm);
  if (!read.ok) {
    if (read.intent === "end") return data<CodesActionData>({ ok: false, message: "Choose a code to end." }, { status: 400 });
    if (read.unknownIntent) return data<CodesActionData>({ ok: false, message: "Choose one of the actions on this page." }, { status: 400 });
    const errors = Object.fromEntries(read.issues.map((issue) => [issue.field || "form", issue.message]));
    return data<CodesActionData>({ ok: false, message: "Check the code’s details.", errors }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "end": {
      const outcome = await endCode(context.db, user.id, form.codeId);
      if (!outcome.ok && outcome.status === 404) throw new Response("Not found", { status: 404 });
      return data<CodesActionData>({ ok: outcome.ok, message: outcome.message });
    }
    case "create": {
      const outcome = await createCode(context.db, user, form);
      if (outcome.ok) {
        // Those who wished for a deck the code takes money off hear of it, after the answer (decision 0113).
        const target = pushTargetOf(context);
        tellWishers(target, outcome.wished.deckIds, outcome.wished.news, new URL(request.url).origin);
        return data<CodesActionData>({ ok: true, message: outcome.message });
      }
      return data<CodesActionData>(
        { ok: false, message: outcome.message, errors: outcome.field ? { [outcome.field]: outcome.message } : undefined },
        { status: outcome.status },
      );
    }
  }
}

const STANDING_TONE = { live: "success", ended: "neutral", expired: "neutral", "used up": "gold" } as const;

export default function OfferCodes() {
  const { codes, decks } = useLoaderData<typeof loader>();
  const result = useActionData<CodesActionData>();
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
      <PageHeader eyebrow="Sales" title="Offer codes">
        <p>Codes your buyers type at checkout for a percentage or an amount off, on one deck or anything in your shop.</p>
      </PageHeader>
      <p className="mb-4 text-sm">
        <Link to="/sales" className="text-brand underline">
          Sales &amp; payouts
        </Link>{" "}
        ·{" "}
        <Link to="/sales/bundles" className="text-brand underline">
          Bundles
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
        <h2 className="text-xl font-bold">New code</h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="create" />
          <label className="block text-sm font-semibold sm:col-span-2">
            Code
            <Input name="code" autoComplete="off" autoCapitalize="characters" placeholder="SPRING-25" maxLength={20} required {...field("code")} />
            {fieldError("code")}
          </label>
          <label className="block text-sm font-semibold">
            Takes off
            <Select name="kind" defaultValue="percent" {...field("kind")}>
              <option value="percent">A percentage</option>
              <option value="amount">An amount in dollars</option>
            </Select>
            {fieldError("kind")}
          </label>
          <label className="block text-sm font-semibold">
            How much (% or $)
            <Input name="amount" inputMode="decimal" placeholder="20" required {...field("amount")} />
            {fieldError("amount")}
          </label>
          <label className="block text-sm font-semibold sm:col-span-2">
            For
            <Select name="deckId" defaultValue="" {...field("deckId")}>
              <option value="">Anything in my shop, bundles too</option>
              {decks.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  Only “{deck.title}”
                </option>
              ))}
            </Select>
            {fieldError("deckId")}
          </label>
          <label className="block text-sm font-semibold">
            Last day (optional)
            <Input name="expires" type="date" {...field("expires")} />
            {fieldError("expires")}
          </label>
          <label className="block text-sm font-semibold">
            Uses at most (optional)
            <Input name="maxUses" inputMode="numeric" placeholder="No limit" {...field("maxUses")} />
            {fieldError("maxUses")}
          </label>
          <p className="text-sm text-muted sm:col-span-2">
            Up to {MAX_PERCENT_OFF}% off. No code takes a price below {formatMoney(MINIMUM_PRICE_CENTS)}, the marketplace’s least price. A use counts when its
            payment completes.
          </p>
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClasses("primary")} disabled={busy}>
              Make the code
            </button>
          </div>
        </Form>
      </section>

      <section className="mt-8">
        <h2 className="text-xl font-bold">Your codes</h2>
        {codes.length === 0 ? (
          <p className="mt-3 rounded-3xl border border-dashed border-line p-6 text-center text-muted">No codes yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3" data-testid="offer-codes">
            {codes.map((code) => (
              <li key={code.id} className="rounded-2xl border border-line bg-surface/80 p-4 text-sm" data-testid="offer-code-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-mono text-base font-bold tracking-wider">{code.code}</p>
                  <Badge tone={STANDING_TONE[code.standing]}>
                    {code.standing === "live" ? "Works now" : code.standing[0]!.toUpperCase() + code.standing.slice(1)}
                  </Badge>
                </div>
                <p className="mt-1">
                  {codeOff(code)} · {code.deckId ? `only “${code.deckTitle ?? "a deck"}”` : "anything in your shop"}
                </p>
                <p className="text-muted">
                  Used {formatCount(code.uses)}
                  {code.maxUses !== null ? ` of ${formatCount(code.maxUses)}` : ""} {code.uses === 1 && code.maxUses === null ? "time" : "times"}
                  {code.expiresAt !== null ? ` · last day ${longDate(code.expiresAt)}` : ""}
                </p>
                {code.standing === "live" || code.standing === "used up" ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="codeId" value={code.id} />
                    <button type="submit" name="intent" value="end" className={buttonClasses("secondary", "sm")} disabled={busy}>
                      End this code
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
