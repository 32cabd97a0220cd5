import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { keepPageWhenKept, sendOrKeep } from "~/outbox/client-action";
import { AI_HELPER_BUSY_MESSAGE, allowAiHelper } from "~/ai/usage.server";
import { createAi } from "~/ai/ai.server";
import { requireUser } from "~/auth/guard.server";
import { requireSender, waitingFormFor } from "~/outbox/outbox.server";
import { answerWith, keyOf, submitOnce } from "~/outbox/submission-keys.server";
import { creditsLeft } from "~/plans/cost";
import { getQuota } from "~/credits/credits.server";
import { createDeck, createDeckForm, KNOWN_STYLES } from "~/decks/create.server";
import { CreateDeckForm, type CreateDeckAnswer } from "~/decks/create-form";
import { deckFormEntitlements } from "~/entitlements/entitlements.server";
import { lazySchema } from "~/lib/lazy-schema";
import type { PageHandle } from "~/lib/page-handle";
import { formFields, formText, readForm, withMainIntent } from "~/lib/read-form.server";

/**
 * Round trips: the page reads the person, then the quota, the plan's choices and any waiting form
 * side by side. A member's first visit, or one due a refresh, writes the quota record and reads it
 * back after the quota's read: one more (decision 0132). Creating a deck checks the plan, takes the
 * credits in one batch, makes the deck and its cards, and starts the painter's Durable Object.
 */
export const handle: PageHandle = { roundTrips: 3, actionRoundTrips: 11 };

export const meta: MetaFunction = () => [{ title: "Create a deck — Arcanum" }];

const query = lazySchema(() => z.object({ theme: z.string().trim().max(200).optional().catch(undefined) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { theme } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [quota, entitled, waiting] = await Promise.all([getQuota(context.db, user.id), deckFormEntitlements(context.db, user.id), waitingFormFor(user.id)]);
  return {
    waiting,
    theme: theme ?? "",
    styles: KNOWN_STYLES,
    qualities: entitled.qualities,
    defaultQuality: entitled.defaultQuality,
    otherQualities: entitled.otherQualities,
    storage: entitled.storage,
    paused: entitled.paused,
    isGuest: user.isGuest,
    left: creditsLeft(quota),
  };
}

/**
 * The page's buttons: theme ideas, a description written for the theme, the typed style read back,
 * and the deck itself, the form's main button. The style sent is the chosen tile, or the words typed
 * under "Your own".
 */
const createDeckPageForm = lazySchema(() =>
  withMainIntent(
    "create",
    ["suggest", "elaborate", "style"],
    z.preprocess(
      (fields) => {
        if (typeof fields !== "object" || fields === null) return fields;
        const sent: Record<string, unknown> = { ...fields };
        return { ...sent, style: (sent.style === "custom" ? sent.customStyle : sent.style) ?? "" };
      },
      z.discriminatedUnion("intent", [
        z.object({
          intent: z.literal("suggest"),
          theme: z
            .string()
            .catch("")
            .transform((theme) => theme.slice(0, 200)),
        }),
        z.object({
          intent: z.literal("elaborate"),
          theme: z
            .string()
            .catch("")
            .transform((theme) => theme.trim().slice(0, 200))
            .pipe(createDeckForm.shape.theme),
        }),
        // Reading a described style back spends nothing: the page shows how the painter understood it.
        z.object({ intent: z.literal("style") }),
        createDeckForm.extend({ intent: z.literal("create") }),
      ]),
    ),
  ),
);

/** A form sent over a connection that fails on the way waits in the outbox (decision 0060). */
export const clientAction = sendOrKeep;
export const shouldRevalidate = keepPageWhenKept;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSender(request, context);
  const read = await readForm(request, createDeckPageForm);
  const values = formText(read.formData);
  const intent = read.ok ? read.data.intent : read.intent;
  if ((intent === "suggest" || intent === "elaborate") && !(await allowAiHelper(context.db, user.id))) {
    return data<CreateDeckAnswer>({ intent: "create", message: AI_HELPER_BUSY_MESSAGE, errors: {}, values }, { status: 429 });
  }
  if (!read.ok) {
    const errors: Record<string, string> = {};
    for (const issue of read.issues) errors[issue.field || "form"] ??= issue.message;
    return data<CreateDeckAnswer>({ intent: "create", message: "", errors, values }, { status: 400 });
  }
  const form = read.data;
  const ai = createAi(context.config, context.cloudflare.env);
  switch (form.intent) {
    case "suggest":
      return data<CreateDeckAnswer>({ intent: "suggest", suggestions: await ai.suggestThemes(10, form.theme) });
    case "elaborate":
      return data<CreateDeckAnswer>({ intent: "elaborate", theme: form.theme, description: await ai.elaborateTheme(form.theme) });
    case "style":
      return data<CreateDeckAnswer>({ intent: "create", message: "", errors: {}, values });
    case "create": {
      const key = keyOf(formFields(read.formData));
      if (!key.ok) return data<CreateDeckAnswer>({ intent: "create", message: key.message, errors: {}, values }, { status: 400 });
      // One deck and one charge per key, even when the same request comes twice or twice at once (decision 0060).
      const outcome = await submitOnce(context.db, key.key ? { userId: user.id, key: key.key, action: "create-deck" } : null, async () => {
        const result = await createDeck(context, user, form);
        if (result.ok) return { status: 302, body: { location: `/collection/${result.deckId}` } };
        const fixPaymentPath = "fixPaymentPath" in result ? result.fixPaymentPath : undefined;
        const offer = "offer" in result ? result.offer : undefined;
        const refused: CreateDeckAnswer = { intent: "create", message: result.message, errors: {}, values, fixPaymentPath, offer };
        return { status: result.status, body: refused };
      });
      return answerWith<CreateDeckAnswer>(outcome);
    }
  }
}

export default function CreateDeck() {
  return <CreateDeckForm loaded={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
