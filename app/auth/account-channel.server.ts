import { getServerByName } from "partyserver";
import type { AccountMessage } from "./account-messages";
import { log } from "../observe/log.server";

/**
 * Tells every open tab of `userId` that their account changed, so each reloads what it shows.
 * A tab that misses it catches up within a minute on its own, so a failure here is only logged.
 */
export async function tellAccountChanged(env: Env, userId: string, reason: AccountMessage["reason"]) {
  try {
    const channel = await getServerByName(env.UserChannel, userId);
    await channel.accountChanged(reason);
  } catch (error) {
    log.error("account's tabs not told", { userId, reason, error });
  }
}
