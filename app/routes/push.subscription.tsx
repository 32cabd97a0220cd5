import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireUser } from "~/auth/guard.server";
import { readForm } from "~/lib/read-form.server";
import { readSessionId } from "~/auth/session.server";
import { readerToFollow, removeSubscription, saveSubscription, subscriptionSchema } from "~/push/subscriptions.server";

const noStore = { "Cache-Control": "private, no-store" };

/** The key a browser subscribes with (null: this server sends no pushes), asked when a person presses a "Tell me…" button. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return Response.json({ publicKey: context.config.push?.publicKey ?? null }, { headers: noStore });
}

const follow = lazySchema(() =>
  z.preprocess(
    (sent) => sent || undefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "Not a reader's username")
      .optional(),
  ),
);

/** Subscribing sends the browser's subscription (checked against this server's push service) and maybe a reader to follow; unsubscribing its endpoint. */
const subscriptionForm = (testService: string | null) =>
  z.discriminatedUnion("intent", [
    subscriptionSchema(testService).extend({ intent: z.literal("subscribe"), follow }),
    z.object({ intent: z.literal("unsubscribe"), endpoint: z.string().max(2048) }),
  ]);

/** A browser's subscription kept for (or taken from) the signed-in account; with `follow`, that reader is followed too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, subscriptionForm(context.config.push?.testService ?? null));
  const unconfigured = () => Response.json({ error: "Notifications are not set up on this server." }, { status: 503, headers: noStore });
  if (!read.ok) {
    if (read.unknownIntent) return Response.json({ error: "Say whether to subscribe or unsubscribe." }, { status: 400, headers: noStore });
    if (read.intent === "unsubscribe") return Response.json({ error: "Which subscription?" }, { status: 400, headers: noStore });
    if (!context.config.push) return unconfigured();
    return Response.json({ error: read.message }, { status: 400, headers: noStore });
  }
  if (read.data.intent === "unsubscribe") {
    await removeSubscription(context.db, user.id, read.data.endpoint);
    return Response.json({ ok: true }, { headers: noStore });
  }
  if (!context.config.push) return unconfigured();
  const { follow: followed, ...subscription } = read.data;
  const [sessionId, readerId] = await Promise.all([readSessionId(request), followed ? readerToFollow(context.db, followed) : null]);
  if (followed && !readerId) return Response.json({ error: "No such reader." }, { status: 404, headers: noStore });
  if (readerId === user.id) return Response.json({ error: "You cannot follow yourself." }, { status: 400, headers: noStore });
  await saveSubscription(context.db, user.id, sessionId, subscription, readerId);
  return Response.json({ ok: true }, { headers: noStore });
}
