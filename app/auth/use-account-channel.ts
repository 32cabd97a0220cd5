import { useRevalidator } from "@remix-run/react";
import PartySocket from "partysocket";
import { useEffect } from "react";
import { USER_CHANNEL_PARTY, type AccountMessage } from "./account-messages";

/** The event each message of the channel also raises on `window`, for parts of the page that fetch their own data. */
export const ACCOUNT_CHANGED_EVENT = "arcanum:account-changed";

/** How often a visible tab reloads the account on its own, should a message be missed. */
export const ACCOUNT_REFRESH_MS = 60_000;

/**
 * Keeps every open tab of a signed-in member in step with their account: the server says when
 * something changed (a plan bought or ended, credits granted) and the tab reloads its data; every
 * 60 seconds a visible tab reloads anyway.
 */
export function useAccountChannel(userId: string | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!userId) return;
    const refresh = () => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    };
    const socket = new PartySocket({ host: window.location.host, party: USER_CHANNEL_PARTY, room: userId });
    socket.addEventListener("message", (event: MessageEvent) => {
      try {
        const message = JSON.parse(String(event.data)) as AccountMessage;
        if (message.type !== "account-changed") return;
        revalidator.revalidate();
        window.dispatchEvent(new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: message.reason }));
      } catch {
        // Not a message of ours.
      }
    });
    const timer = setInterval(refresh, ACCOUNT_REFRESH_MS);
    return () => {
      clearInterval(timer);
      socket.close();
    };
    // The revalidator's identity changes with every navigation; the channel belongs to the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
