import { OfflineNotice } from "./offline-state";
import { UpdatePrompt } from "./update-prompt";

/** What the service worker shows in every tab: the offline state and the update prompt. */
export function ServiceWorkerUi() {
  return (
    <>
      <OfflineNotice />
      <UpdatePrompt />
    </>
  );
}
