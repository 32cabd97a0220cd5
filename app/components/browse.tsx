import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "./ui/button";

/** The look of a control in a browse page's filter bar. */
export const filterFieldClasses =
  "h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm text-ink focus:border-brand focus:outline-none";

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
