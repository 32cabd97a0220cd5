import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { findUserById } from "~/auth/user.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatPerMinute } from "~/readers/format";

export const meta: MetaFunction = () => [{ title: "Reader dashboard — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await requireUser(request, context);
  const user = current.isReader ? await findUserById(context.db, current.id) : null;
  return { reader: user ? { username: user.username, price: user.customPricePerMinute } : null };
}

export default function ReaderDashboard() {
  const { reader } = useLoaderData<typeof loader>();
  return (
    <div className="px-4">
      <PageHeader eyebrow="Readers" title="Reader dashboard" />
      <Panel>
        {reader ? (
          <>
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <dt className="font-semibold">Public profile</dt>
              <dd><Link className="text-brand hover:underline" to={`/readers/${reader.username}`}>@{reader.username}</Link></dd>
              <dt className="font-semibold">Your price</dt>
              <dd>{formatPerMinute(reader.price)}</dd>
            </dl>
            <p className="mt-6 text-sm text-muted">Earnings, bookings and going online from here are not available yet.</p>
          </>
        ) : (
          <>
            <p className="text-muted">The dashboard is for readers. Apply to become one.</p>
            <Link to="/become-reader" className={`${buttonClasses("primary")} mt-4`}>Become a Reader</Link>
          </>
        )}
      </Panel>
    </div>
  );
}
