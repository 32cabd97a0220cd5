import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { PUSH_KINDS } from "~/push/messages";
import { savePushSettings } from "~/push/subscriptions.server";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/** Every kind's switch: a ticked box sends "on", an unticked one nothing. */
const pushSettingsForm = lazySchema(() =>
  z.preprocess(
    (fields) => Object.fromEntries(PUSH_KINDS.map((kind) => [kind, typeof fields === "object" && fields !== null && Reflect.get(fields, kind) === "on"])),
    z.record(z.enum(PUSH_KINDS), z.boolean()),
  ),
);

/** The profile's notification switches: a ticked box is on, an unticked one (absent from the form) off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, pushSettingsForm);
  if (!read.ok) throw new Response(read.message, { status: 400 });
  await savePushSettings(context.db, user.id, read.data);
  throw redirect("/profile?saved=notifications#notifications");
}

export function loader() {
  throw redirect("/profile#notifications");
}
