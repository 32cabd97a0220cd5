import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { completeLocalOnboarding, requireSeller } from "~/marketplace/earnings.server";
import { LocalPayouts, FAILING_ACCOUNT_NAME } from "~/payouts/local.server";
import { createPayouts } from "~/payouts/payouts.server";
import { PayoutsError } from "~/payouts/provider.server";
import type { PageHandle } from "~/lib/page-handle";
import { Input, Select } from "~/components/ui/field";
import { readForm } from "~/lib/read-form.server";

export const handle: PageHandle = { actionRoundTrips: 7 };

export const meta: MetaFunction = () => [{ title: "Set up payouts — Arcanum" }, { name: "robots", content: "noindex" }];

const COUNTRIES = [
  ["US", "United States"],
  ["GB", "United Kingdom"],
  ["CA", "Canada"],
  ["AU", "Australia"],
  ["DE", "Germany"],
  ["FR", "France"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["NL", "Netherlands"],
  ["IE", "Ireland"],
] as const;

const onboardingForm = lazySchema(() =>
  z.object({
    intent: z.literal("complete"),
    country: z.enum(COUNTRIES.map(([code]) => code) as [string, ...string[]], { error: "Choose the country of your payout account." }),
    holderName: z.string().trim().min(2, "Enter the name on your payout account.").max(80, "Keep the name under 80 characters."),
  }),
);

/** The local stand-in for Stripe's hosted onboarding: there only when Stripe is not configured. */
function requireLocalPayouts(context: LoaderFunctionArgs["context"]) {
  if (!(createPayouts(context.config, context.db) instanceof LocalPayouts)) throw new Response("Not found", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSeller(request, context);
  requireLocalPayouts(context);
  return { failingName: FAILING_ACCOUNT_NAME };
}

type OnboardingActionData = { error?: string; errors?: Partial<Record<"country" | "holderName", string>> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSeller(request, context);
  requireLocalPayouts(context);
  const parsed = await readForm(request, onboardingForm);
  if (!parsed.ok) {
    const errors: OnboardingActionData["errors"] = {};
    for (const issue of parsed.issues) {
      const field = issue.field;
      if (field === "country" || field === "holderName") errors[field] ??= issue.message;
    }
    return data<OnboardingActionData>(Object.keys(errors).length ? { errors } : { error: "Fill in the form to finish." }, { status: 400 });
  }
  try {
    await completeLocalOnboarding(context, user, { country: parsed.data.country, holderName: parsed.data.holderName }, new URL(request.url).origin);
  } catch (error) {
    if (!(error instanceof PayoutsError)) throw error;
    return data<OnboardingActionData>({ error: error.message }, { status: error.status });
  }
  throw redirect("/sales?onboarding=return");
}

export default function LocalOnboarding() {
  const { failingName } = useLoaderData<typeof loader>();
  const result = useActionData<OnboardingActionData>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Test payouts" title="Set up payouts" />
      <Panel>
        <p role="note" className="rounded-2xl border border-gold-bright/60 bg-surface-2 p-4 text-sm">
          <strong>This is the local test payout setup.</strong> Payouts are not configured on this server, so no bank details are asked for and no real money
          moves. A payout account named <code className="font-mono">{failingName}</code> refuses every transfer, to try what a failed payout does.
        </p>
        {result?.error ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {result.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="complete" />
          <label className="block text-sm font-semibold">
            Country
            <Select
              name="country"
              defaultValue="US"
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={errors.country ? "country-error" : undefined}
            >
              {COUNTRIES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
            {errors.country ? (
              <span id="country-error" role="alert" className="mt-1 block text-sm text-danger">
                {errors.country}
              </span>
            ) : null}
          </label>
          <label className="block text-sm font-semibold">
            Name on the payout account
            <Input
              name="holderName"
              autoComplete="name"
              maxLength={80}
              aria-invalid={errors.holderName ? true : undefined}
              aria-describedby={errors.holderName ? "holder-error" : undefined}
            />
            {errors.holderName ? (
              <span id="holder-error" role="alert" className="mt-1 block text-sm text-danger">
                {errors.holderName}
              </span>
            ) : null}
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClasses("primary")} disabled={busy}>
              Finish setup
            </button>
            <Link to="/sales" className={buttonClasses("secondary")}>
              Back to sales
            </Link>
          </div>
        </Form>
      </Panel>
    </div>
  );
}
