import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatPerMinute } from "~/readers/format";
import { getReaderByUsername } from "~/readers/queries.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.reader.fullName ?? data.reader.username} — Tarot reader on Arcanum` : "Reader not found — Arcanum" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const reader = await getReaderByUsername(context.db, params.username ?? "");
  if (!reader) throw new Response("Reader not found", { status: 404 });
  return { reader };
}

export default function ReaderProfile() {
  const { reader } = useLoaderData<typeof loader>();
  const name = reader.fullName ?? reader.username ?? "Reader";
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/readers" className="hover:text-ink">Readers</Link> <span aria-hidden="true">/</span> <span>{name}</span>
      </nav>
      <article className="mt-6 rounded-3xl border border-line bg-surface/90 p-8">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
          <Avatar name={name} url={reader.avatarUrl} size={96} />
          <div>
            <h1 className="text-5xl font-bold">{name}</h1>
            <p className="text-muted">@{reader.username}</p>
            <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
              {reader.levelName ? <Badge tone="gold">{reader.levelName} reader</Badge> : null}
              <Badge tone={reader.online ? "success" : "neutral"}>{reader.online ? "Online now" : "Offline"}</Badge>
            </div>
          </div>
          <p className="font-display text-3xl font-bold text-gold sm:ml-auto">{formatPerMinute(reader.pricePerMinuteCents)}</p>
        </div>
        {reader.bio ? <p className="mt-8 text-lg leading-relaxed">{reader.bio}</p> : null}
        <p className="mt-8 rounded-2xl bg-surface-2 p-4 text-sm text-muted">
          Booking a paid reading is not open yet. Until then, open a free reading room and invite friends.
        </p>
        <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("secondary")} mt-4`}>
          Open a reading room
        </Link>
      </article>
    </div>
  );
}
