import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { requireUser } from "~/auth/guard.server";
import { readSessionId } from "~/auth/session.server";
import { readerToFollow, removeSubscription, saveSubscription, subscriptionSchema } from "~/push/subscriptions.server";

const noStore = { "Cache-Control": "private, no-store" };

/** The key a browser subscribes with (null: this server sends no pushes), asked when a person presses a "Tell me…" button. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return Response.json({ publicKey: context.config.push?.publicKey ?? null }, { headers: noStore });
}

const intent = lazySchema(() => z.enum(["subscribe", "unsubscribe"], { error: "Say whether to subscribe or unsubscribe." }));
const follow = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "Not a reader's username")
    .optional(),
);

/** A browser's subscription kept for (or taken from) the signed-in account; with `follow`, that reader is followed too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = Object.fromEntries(await request.formData());
  const chosen = intent.safeParse(form.intent);
  if (!chosen.success) return Response.json({ error: chosen.error.issues[0]!.message }, { status: 400, headers: noStore });
  if (chosen.data === "unsubscribe") {
    const endpoint = z.string().max(2048).safeParse(form.endpoint);
    if (!endpoint.success) return Response.json({ error: "Which subscription?" }, { status: 400, headers: noStore });
    await removeSubscription(context.db, user.id, endpoint.data);
    return Response.json({ ok: true }, { headers: noStore });
  }
  if (!context.config.push) return Response.json({ error: "Notifications are not set up on this server." }, { status: 503, headers: noStore });
  const parsed = subscriptionSchema(context.config.push.testService).safeParse(form);
  const followed = follow.safeParse(form.follow || undefined);
  if (!parsed.success || !followed.success) {
    const issue = (parsed.error ?? followed.error)!.issues[0]!;
    return Response.json({ error: issue.message }, { status: 400, headers: noStore });
  }
  const [sessionId, readerId] = await Promise.all([readSessionId(request), followed.data ? readerToFollow(context.db, followed.data) : null]);
  if (followed.data && !readerId) return Response.json({ error: "No such reader." }, { status: 404, headers: noStore });
  if (readerId === user.id) return Response.json({ error: "You cannot follow yourself." }, { status: 400, headers: noStore });
  await saveSubscription(context.db, user.id, sessionId, parsed.data, readerId);
  return Response.json({ ok: true }, { headers: noStore });
}
