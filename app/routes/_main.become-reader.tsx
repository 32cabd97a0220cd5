import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Become a reader — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { isReader: user.isReader };
}

export default function BecomeReader() {
  const { isReader } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Readers" title="Become a reader">
        <p>Read for people around the world at your own per-minute price.</p>
      </PageHeader>
      <Panel>
        {isReader ? (
          <>
            <p>You are already a reader.</p>
            <Link to="/reader-dashboard" className={`${buttonClasses("primary")} mt-4`}>Go to your dashboard</Link>
          </>
        ) : (
          <>
            <ol className="list-decimal space-y-2 pl-5 text-muted">
              <li>Take the tarot quiz to show your knowledge of the cards.</li>
              <li>Receive a certificate you can share.</li>
              <li>Set up your profile and price, and go online.</li>
            </ol>
            <p className="mt-6 text-sm text-muted">Applications are not open yet.</p>
            <Link to="/tarot-quiz" className={`${buttonClasses("secondary")} mt-4`}>About the quiz</Link>
          </>
        )}
      </Panel>
    </div>
  );
}
