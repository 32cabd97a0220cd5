import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches, kept up to date; false on the server and in the first paint after it. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm`: a phone held upright. */
export const PHONE_QUERY = "(max-width: 639px)";
