import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { LevelBadge, OnlineBadge, ReaderAvatar } from "~/components/readers";
import { buttonClasses } from "~/components/ui/button";
import { formatPerMinute } from "~/readers/format";
import { getPublicReader } from "~/readers/queries.server";
import { useReaderPresence } from "~/readers/use-reader-presence";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Start a reading with ${data.reader.fullName || data.reader.username} — Arcanum` : "Reader not found — Arcanum" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [user, found] = await Promise.all([requireUser(request, context), getPublicReader(context.db, params.username ?? "")]);
  if (!found) throw new Response("Reader not found", { status: 404 });
  // Paid readings need an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const { username, fullName, avatarUrl, levelName, pricePerMinuteCents, online } = found;
  return { reader: { username, fullName, avatarUrl, levelName, pricePerMinuteCents, online } };
}

export default function BookReader() {
  const { reader } = useLoaderData<typeof loader>();
  const live = useReaderPresence(reader.online ? [reader.username] : []);
  const online = live.has(reader.username);
  const name = reader.fullName || reader.username;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Readers" title="Start a reading" />
      <Panel>
        <div className="flex items-center gap-4">
          <ReaderAvatar name={name} url={reader.avatarUrl} online={online} size={64} />
          <div className="min-w-0">
            <p className="truncate text-2xl font-bold">{name}</p>
            <p className="text-sm text-muted">@{reader.username}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <LevelBadge levelName={reader.levelName} />
              <OnlineBadge online={online} />
            </div>
          </div>
          <p className="ml-auto shrink-0 font-display text-2xl font-bold text-gold">{formatPerMinute(reader.pricePerMinuteCents)}</p>
        </div>
        <div className="mt-8">
          <p>
            Paid readings by the minute open soon: you will top up a balance, then pay {formatPerMinute(reader.pricePerMinuteCents)} only for
            the minutes you spend with {name}.
          </p>
          <p className="mt-3 text-muted">Until then, open a free reading room and draw the cards with friends.</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link reloadDocument to="/reading-room?create=true" className={buttonClasses("primary")}>
              Open a free reading room
            </Link>
            <Link to={`/readers/${reader.username}`} className={buttonClasses("secondary")}>
              Back to {name}’s profile
            </Link>
          </div>
        </div>
      </Panel>
    </div>
  );
}
