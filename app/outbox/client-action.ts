/**
 * The route side of the outbox for a connection that claims to work but does not (decision 0060):
 * the form was sent, the send failed or hung, and the form is kept to be sent again instead of the
 * person losing what they wrote to an error page.
 */
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { forgetSend, keepAfterFailedSend } from "./outbox-client";
import { sendName } from "./protocol";

/** How long a send may hang before the form is kept for later (the send itself goes on). */
const PATIENCE_MS = 20_000;

/** What a route's action answers, seen from the page, when the form was kept for later. */
export type KeptForLater = { outbox: "kept" };

const isKept = (value: unknown): value is KeptForLater => typeof value === "object" && value !== null && (value as KeptForLater).outbox === "kept";

class Hung extends Error {}

/**
 * A route's `clientAction` for forms that can wait: the server's action as usual, and when the
 * network fails it (a `TypeError` from fetch) or it hangs past `PATIENCE_MS`, the form goes to the
 * outbox under its own key.
 */
export async function sendOrKeep({ request, serverAction }: ClientActionFunctionArgs): Promise<unknown> {
  const send = sendName(await request.clone().formData());
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      serverAction(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Hung()), PATIENCE_MS);
      }),
    ]);
  } catch (error) {
    const lost = error instanceof Hung || error instanceof TypeError;
    if (send && lost && (await keepAfterFailedSend(send))) return { outbox: "kept" } satisfies KeptForLater;
    throw error;
  } finally {
    clearTimeout(timer);
    if (send) forgetSend(send);
  }
}

/** Nothing to load again after a form was kept: the page stays as it was, with the form's "Waiting to send". */
export const keepPageWhenKept: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isKept(actionResult) ? false : defaultShouldRevalidate;
