import type { Connection, WSMessage } from "partyserver";
import { ObservedServer } from "./observed";
import type { AccountMessage } from "../app/auth/account-messages";

/**
 * One per person: every open tab of theirs listens here. When something about their account
 * changes on the server (a plan, credits), the domain code tells this room and each tab reloads
 * what it shows from the server; the room keeps no state of its own.
 */
export class UserChannel extends ObservedServer<Env> {
  static override options = { hibernate: true };

  /** Tells every open tab of this person that their account changed. */
  async accountChanged(reason: AccountMessage["reason"]) {
    const message: AccountMessage = { type: "account-changed", reason };
    this.broadcast(JSON.stringify(message));
  }

  /** Tabs only listen: anything they send is ignored. */
  override onMessage(_connection: Connection, _message: WSMessage) {}
}
