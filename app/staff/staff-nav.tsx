import { NavLink } from "@remix-run/react";
import { cn } from "~/lib/cn";

/** The console's sections; health is the operations page beside it. */
const SECTIONS = [
  { to: "/staff", label: "Overview", end: true },
  { to: "/staff/people", label: "People" },
  { to: "/staff/payments", label: "Payments" },
  { to: "/staff/readers", label: "Readers" },
  { to: "/staff/readings", label: "Reported readings" },
  { to: "/staff/reports", label: "Deck reports" },
  { to: "/staff/listings", label: "Listings" },
  { to: "/staff/health", label: "Health" },
] as const;

/** The staff console's navigation: wraps onto more lines on a phone rather than scrolling sideways. */
export function StaffNav() {
  return (
    <nav aria-label="Staff" className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end={"end" in section}
          className={({ isActive }) => cn("underline-offset-4", isActive ? "font-semibold text-ink" : "text-brand underline")}
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
