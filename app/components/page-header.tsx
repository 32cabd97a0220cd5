import type { ReactNode } from "react";

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="mx-auto max-w-3xl px-4 pb-8 pt-10 text-center sm:pt-16">
      {eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold">{eyebrow}</p> : null}
      <h1 className="mt-3 text-4xl font-bold sm:text-5xl">{title}</h1>
      {children ? <div className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{children}</div> : null}
    </header>
  );
}

/** A narrow, centred page body for pages with one message and a few actions. */
export function Panel({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-2xl rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-10">{children}</section>;
}
