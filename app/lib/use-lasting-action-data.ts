import { useActionData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * The page's action result, kept through later revalidations of the same page. The router drops
 * action data when a page revalidates on its own (a live update calling `revalidate()`), which
 * would take a form's answer away while the person is still reading it; it stays here while the
 * address stays the same, until the next answer replaces it.
 */
export function useLastingActionData<T>(): T | undefined {
  const current = useActionData<T>();
  const location = useLocation();
  const address = location.pathname + location.search;
  const [kept, setKept] = useState<{ address: string; data: T } | null>(null);
  useEffect(() => {
    if (current !== undefined) setKept({ address, data: current });
    // Only a new answer is kept, with the address it arrived at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  if (current !== undefined) return current;
  return kept && kept.address === address ? kept.data : undefined;
}
