import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";

type CopyState = "idle" | "copied" | "selected";

/**
 * Copies `value` to the clipboard, beside the field that shows it (`fieldId`). Drawn once the page
 * runs JavaScript: without it the field alone is there to select. Where the browser refuses the
 * clipboard, the field's text is selected instead and the person is told to copy it themselves.
 */
export function CopyButton({ value, fieldId, what }: { value: string; fieldId: string; what: string }) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (state === "idle") return;
    const settle = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(settle);
  }, [state]);
  if (!ready) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      setState("selected");
    }
  }

  return (
    <>
      <button type="button" onClick={() => void copy()} className={`${buttonClasses("secondary", "sm")} shrink-0`}>
        {state === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {what}</span>
      </button>
      <span role="status" className="basis-full text-xs text-muted">
        {state === "copied" ? `The ${what} is on your clipboard.` : state === "selected" ? `The ${what} is selected: copy it with your keyboard.` : ""}
      </span>
    </>
  );
}
