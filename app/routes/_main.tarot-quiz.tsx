import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Tarot quiz — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function TarotQuiz() {
  return (
    <div className="px-4">
      <PageHeader eyebrow="Reader application" title="Tarot quiz">
        <p>Questions on the 78 cards, their meanings upright and reversed, and the classic spreads.</p>
      </PageHeader>
      <Panel>
        <p className="text-muted">The quiz is not open yet. Passing it will earn you a shareable reader certificate.</p>
        <Link to="/readers" className={`${buttonClasses("secondary")} mt-4`}>Meet our readers</Link>
      </Panel>
    </div>
  );
}
