import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Enhances a native <details> disclosure: closes it on navigation, on Escape and on a click outside.
 * Without JavaScript the <details> still opens and closes by itself. `keepOpen`: the navigation
 * brought an answer that belongs inside it (a refused form), so it stays open to show it.
 */
export function useDisclosure<T extends HTMLDetailsElement>(keepOpen = false) {
  const ref = useRef<T>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = keepOpen;
    // Only a navigation decides; `keepOpen` is read as it is when the page comes back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key === "Escape" && details?.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return ref;
}
