import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** The frame of the Terms and Privacy pages: a header, then readable sections. */
export function LegalPage({
  eyebrow,
  title,
  updated,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  updated: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
        <p className="mt-3 text-sm">Last updated {updated}.</p>
      </PageHeader>
      <article className="mx-auto max-w-3xl space-y-10 rounded-3xl border border-line bg-surface/80 p-6 leading-relaxed shadow-sm sm:p-10 [&_a]:underline [&_a]:underline-offset-2 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:space-y-2">
        {children}
      </article>
    </div>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
