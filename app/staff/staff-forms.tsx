import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { STAFF_REASON_MAX } from "~/staff/reason";
import { Input } from "~/components/ui/field";

export type StaffResult = { ok: boolean; message: string; field?: string; intent?: string; target?: string };

/** A staff action with a reason for the record: hidden fields, any extra fields, the reason, one button. */
export function ReasonForm({
  intent,
  hidden,
  label,
  button,
  result,
  target,
  children,
  variant = "secondary",
}: {
  intent: string;
  hidden?: Record<string, string>;
  label: string;
  button: string;
  result: StaffResult | undefined;
  target: string;
  children?: ReactNode;
  variant?: "primary" | "secondary" | "danger";
}) {
  const mine = result && result.intent === intent && result.target === target;
  const reasonError = mine && !result.ok && result.field === "reason" ? result.message : undefined;
  const id = `${intent}-${target}`.replace(/[^A-Za-z0-9_-]/g, "-");
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <label className="text-sm font-semibold" htmlFor={`${id}-reason`}>
        {label}
      </label>
      <Input
        id={`${id}-reason`}
        name="reason"
        required
        minLength={3}
        maxLength={STAFF_REASON_MAX}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={`${id}-help`}
      />
      <span id={`${id}-help`} role={reasonError ? "alert" : undefined} className={cn("text-sm", reasonError ? "text-danger" : "text-muted")}>
        {reasonError ?? "Kept in the staff record with your name."}
      </span>
      {mine && !reasonError ? (
        <p role={result.ok ? "status" : "alert"} className={cn("text-sm", result.ok ? "" : "text-danger")}>
          {result.message}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonClasses(variant, "sm")}>
          {button}
        </button>
      </div>
    </Form>
  );
}

/** A titled block of the console. */
export function StaffSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="mb-8 rounded-3xl border border-line bg-surface/80 p-4 shadow-sm sm:p-6">
      <h2 id={id ? `${id}-title` : undefined} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of rows that stack on a phone: each row's facts wrap instead of forming a wide table. */
export function StaffList({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="text-muted">{empty}</p>;
  return <ul className="grid gap-3">{children}</ul>;
}

export function StaffRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li data-testid={testId} className="break-words rounded-2xl border border-line p-3 text-sm">
      {children}
    </li>
  );
}
