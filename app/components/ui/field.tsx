import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * Form controls with one look. Three sizes, chosen by where the control stands:
 * - `form`: a field of a form, under its label, as wide as the form and tall enough for a thumb (the default);
 * - `inline`: a field laid in a grid beside others, its label in its own cell;
 * - `compact`: a filter bar's or a tool's control, smaller text.
 * A control marked `aria-invalid` shows a red edge; a disabled one looks unavailable, as a disabled button does. A control fills its line unless told `narrow`, when its
 * width comes from `className` (classes are not merged, so a width there would lose to the full one).
 */
const looks = {
  form: "mt-1 px-4 py-3 text-base font-normal",
  inline: "min-h-11 px-3 py-2 text-base font-normal",
  compact: "min-h-10 px-3 py-1.5 text-sm",
} as const;

export type FieldLook = keyof typeof looks;

export function fieldClasses(look: FieldLook = "form", { narrow = false, className }: { narrow?: boolean; className?: string } = {}) {
  return cn(
    "min-w-0 rounded-xl border border-line bg-surface text-ink placeholder:text-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:border-dashed disabled:bg-surface-2 disabled:text-muted",
    looks[look],
    !narrow && "block w-full",
    className,
  );
}

type Look = { look?: FieldLook; narrow?: boolean };

export const Input = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<"input"> & Look>(function Input({ look, narrow, className, ...props }, ref) {
  return <input ref={ref} {...props} className={fieldClasses(look, { narrow, className })} />;
});

export const Select = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<"select"> & Look>(function Select({ look, narrow, className, ...props }, ref) {
  return <select ref={ref} {...props} className={fieldClasses(look, { narrow, className })} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentPropsWithoutRef<"textarea"> & Look>(function Textarea(
  { look, narrow, className, ...props },
  ref,
) {
  return <textarea ref={ref} {...props} className={fieldClasses(look, { narrow, className })} />;
});

/** A field's or a form's problems, read out when they appear; nothing when there are none. */
export function ErrorList({
  id,
  errors,
  className,
}: {
  id?: string;
  errors: readonly (string | null | undefined | false)[] | null | undefined;
  className?: string;
}) {
  const shown = (errors ?? []).filter((error): error is string => Boolean(error));
  if (shown.length === 0) return null;
  return (
    <ul id={id} role="alert" className={cn("mt-1 grid gap-0.5 text-sm text-danger", className)}>
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** What a `Field` hands its control: its id, and the hint and error it is described by. */
export type FieldControl = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

/**
 * A labelled control with its hint and its error, wired together: the label names the control, the hint
 * and the error describe it, and an error marks it invalid. The control is drawn by `children`.
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | false;
  id?: string;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const made = useId();
  const id = givenId ?? made;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid content-start", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, "aria-describedby": described || undefined, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={[error]} />
    </div>
  );
}
