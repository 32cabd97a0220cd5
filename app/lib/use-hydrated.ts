import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/** False on the server and in the first render after it, true once React runs in the browser: for controls that only work with JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
