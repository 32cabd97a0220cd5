import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { pushSupported, subscribeToPush, type SubscribeResult } from "./subscribe.client";

export const PUSH_BLOCKED_MESSAGE =
  "Notifications are blocked for this site. To allow them, open the site's settings from the icon beside the address, set Notifications to Allow, and press the button again.";
export const PUSH_UNSUPPORTED_MESSAGE = "This browser cannot show Arcanum's notifications. On an iPhone or iPad, add Arcanum to your Home Screen first.";

type Shown = "needs-js" | "ready" | "working" | SubscribeResult["state"];

/**
 * A "Tell me…" button: the only place the browser is asked for notifications, and only when pressed.
 * It says what happened: on, blocked (and how to change that), or not possible in this browser.
 * Without JavaScript it says it needs JavaScript.
 */
export function PushButton({ label, done, follow, className }: { label: string; done: string; follow?: string; className?: string }) {
  const [shown, setShown] = useState<Shown>("needs-js");
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return setShown("unsupported");
    setShown(Notification.permission === "denied" ? "blocked" : "ready");
  }, []);

  async function press() {
    setShown("working");
    setFailure(null);
    const result = await subscribeToPush(follow);
    if (result.state === "failed") setFailure(result.message);
    setShown(result.state === "dismissed" ? "ready" : result.state);
  }

  const note =
    shown === "needs-js"
      ? `${label}: this needs JavaScript.`
      : shown === "on"
        ? done
        : shown === "blocked"
          ? PUSH_BLOCKED_MESSAGE
          : shown === "unsupported"
            ? PUSH_UNSUPPORTED_MESSAGE
            : failure;
  return (
    <div className={className} data-testid="push-button">
      {shown === "ready" || shown === "working" || shown === "failed" ? (
        <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => void press()} disabled={shown === "working"}>
          {shown === "working" ? "Asking…" : label}
        </button>
      ) : null}
      {note ? (
        <p className="mt-1 text-sm text-muted" role={shown === "on" || shown === "failed" || shown === "blocked" ? "status" : undefined}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
