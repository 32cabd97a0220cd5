import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { buttonClasses } from "./ui/button";

/** The look of a control in a browse page's filter bar. */
export const filterFieldClasses = "h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm text-ink focus:border-brand focus:outline-none";

/** One labelled control of a filter bar. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The width from which a browse page shows its filters open, as Tailwind's `sm`. */
const WIDE_ENOUGH = "(min-width: 640px)";

/**
 * A browse page's filters: on a phone they fold behind one "Filters" button, so the results start
 * on the first screen; from `sm` up they are always shown and the button is not. A native
 * <details>, so it opens without JavaScript; wider screens show its content through the
 * `::details-content` pseudo-element, or, in a browser without it, by opening it once hydrated.
 * It starts open when active filters leave nothing to show, so they can be loosened at once.
 */
export function FilterDisclosure({ active, openAtFirst, children }: { active: number; openAtFirst: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Fixed for the page's life: a later result does not fold the filters under the person's finger.
  const [open] = useState(openAtFirst);
  useEffect(() => {
    if (ref.current && !CSS.supports("selector(::details-content)") && window.matchMedia(WIDE_ENOUGH).matches) ref.current.open = true;
  }, []);
  return (
    <details ref={ref} open={open || undefined} className="group/filters sm:[&::details-content]:[content-visibility:visible]" data-testid="filters">
      <summary
        className={cn(buttonClasses("secondary", "sm"), "cursor-pointer list-none sm:hidden [&::-webkit-details-marker]:hidden")}
        data-testid="filters-toggle"
      >
        Filters
        {active > 0 ? (
          <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-semibold text-brand-ink">
            {active}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="size-4 transition-transform group-open/filters:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m5 8 5 5 5-5" />
        </svg>
      </summary>
      <div className="mt-3 sm:mt-0">{children}</div>
    </details>
  );
}

/** Page numbers to show: the first, the last and two either side of the current, with gaps. */
function pageNumbers(current: number, count: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let n = 1; n <= count; n++) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2) pages.push(n);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

/** Links to the pages of a result, each keeping the query (`href` makes a page's address); nothing for one page. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClasses("ghost", "sm")}>
          ← Previous
        </Link>
      ) : null}
      {pageNumbers(page, pageCount).map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            className={`inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm ${
              n === page ? "bg-brand font-semibold text-brand-ink" : "text-ink hover:bg-surface-2"
            }`}
          >
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={buttonClasses("ghost", "sm")}>
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
