import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { useDisclosure } from "~/lib/use-disclosure";
import { buttonClasses } from "./ui/button";

/**
 * One action of a toolbar that needs a word or a form before it acts: a button that opens a panel
 * under the toolbar. A native <details>, so it opens without JavaScript; with it, Escape, a click
 * outside and a navigation close it. `open` opens it on the first render (a form that came back with
 * an error, say), and keeps it open when the page comes back with that answer.
 */
export function ToolbarMenu({
  label,
  tone = "secondary",
  open,
  wide,
  children,
  testId,
}: {
  label: ReactNode;
  tone?: "secondary" | "danger" | "gold";
  open?: boolean;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useDisclosure<HTMLDetailsElement>(open);
  return (
    <details ref={ref} open={open || undefined} className="group/menu" data-testid={testId}>
      <summary className={cn(buttonClasses(tone, "sm"), "sm:h-11 sm:px-5", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        {label}
        <svg aria-hidden="true" viewBox="0 0 12 12" className="ml-1.5 h-3 w-3 transition-transform group-open/menu:rotate-180">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div
        className={cn(
          "absolute inset-x-0 top-full z-30 mx-auto mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-left shadow-xl",
          wide ? "max-w-2xl" : "max-w-md",
        )}
      >
        {children}
      </div>
    </details>
  );
}
