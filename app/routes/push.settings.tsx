import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guard.server";
import { PUSH_KINDS } from "~/push/messages";
import { savePushSettings, type PushSettings } from "~/push/subscriptions.server";

/** The profile's notification switches: a ticked box is on, an unticked one (absent from the form) off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const settings = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, form.get(kind) === "on"])) as PushSettings;
  await savePushSettings(context.db, user.id, settings);
  throw redirect("/profile?saved=notifications#notifications");
}

export function loader() {
  throw redirect("/profile#notifications");
}
