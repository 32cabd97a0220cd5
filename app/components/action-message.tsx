import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A form's answer, shown where the person acted: a success is announced as a status, a refusal
 * as an alert. With JavaScript a new answer is scrolled into view, so it is never left
 * off-screen; without it the page comes back with the answer beside the control.
 */
export function ActionMessage({ ok, children, className, testId }: { ok: boolean; children: ReactNode; className?: string; testId?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [children, ok]);
  return (
    <p
      ref={ref}
      role={ok ? "status" : "alert"}
      data-testid={testId}
      className={cn("scroll-m-4 rounded-2xl border px-4 py-3 text-sm", ok ? "border-line bg-surface" : "border-danger/50 text-danger", className)}
    >
      {children}
    </p>
  );
}

/** After a refusal because the last payment failed: the way to fix it, in words. */
export function FixPaymentLink({ path }: { path?: string }) {
  if (!path) return null;
  return (
    <>
      {" "}
      <Link to={path} className="font-semibold underline">
        Update your payment details
      </Link>
    </>
  );
}
