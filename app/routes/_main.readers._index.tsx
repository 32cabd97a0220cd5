import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { formatPerMinute } from "~/readers/format";
import { listReaders } from "~/readers/queries.server";
import { useReaderPresence } from "~/readers/use-reader-presence";

export const meta: MetaFunction = () => [
  { title: "Tarot readers — Arcanum" },
  { name: "description", content: "Book a live reading with a certified Arcanum tarot reader, by the minute." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const readers = await listReaders(context.db);
  return { readers };
}

export default function Readers() {
  const { readers } = useLoaderData<typeof loader>();
  const online = useReaderPresence(readers.filter((r) => r.online).map((r) => r.username!));
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <PageHeader eyebrow="Readers" title="Talk to a reader">
        <p>Certified readers, live when you need them. Each sets a per-minute price; levels grow with experience and reviews.</p>
      </PageHeader>
      {readers.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {readers.map((reader) => {
            const isOnline = online.has(reader.username!);
            const name = reader.fullName ?? reader.username ?? "Reader";
            return (
              <li key={reader.username}>
                <Link
                  to={`/readers/${reader.username}`}
                  className="flex h-full flex-col rounded-3xl border border-line bg-surface/90 p-6 transition hover:-translate-y-0.5 hover:shadow-lg"
                >
                  <div className="flex items-center gap-4">
                    <span className="relative">
                      <Avatar name={name} url={reader.avatarUrl} size={56} />
                      <span
                        className={`absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full border-2 border-surface ${isOnline ? "bg-emerald-500" : "bg-zinc-400"}`}
                        aria-hidden="true"
                      />
                    </span>
                    <div className="min-w-0">
                      <h2 className="truncate text-2xl font-bold">{name}</h2>
                      <p className="text-sm text-muted">@{reader.username}</p>
                    </div>
                  </div>
                  <p className="mt-4 line-clamp-3 flex-1 text-sm leading-relaxed text-muted">{reader.bio}</p>
                  <div className="mt-5 flex flex-wrap items-center gap-2">
                    {reader.levelName ? <Badge tone="gold">{reader.levelName}</Badge> : null}
                    <Badge tone={isOnline ? "success" : "neutral"}>
                      <span data-testid="reader-status">{isOnline ? "Online now" : "Offline"}</span>
                    </Badge>
                    <span className="ml-auto font-semibold">{formatPerMinute(reader.pricePerMinuteCents)}</span>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-line p-10 text-center text-muted">No readers yet.</p>
      )}
    </div>
  );
}
