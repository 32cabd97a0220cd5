import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { recordFaces } from "~/reading-room/deck-art.server";
import { getSharedReading } from "~/reading-room/journal.server";
import { ReadingRecord } from "~/reading-room/reading-record";

export const meta: MetaFunction = () => [{ title: "A shared reading — Arcanum" }, { name: "robots", content: "noindex" }];

/** A reading someone chose to share: read-only, without their notes. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await getSharedReading(context.db, params.shareId ?? "");
  if (!found) throw new Response("This shared reading does not exist, or is no longer shared.", { status: 404 });
  const { deckId, ...reading } = found;
  const viewer = await context.currentUser();
  const faces = await recordFaces(context.db, deckId, reading.cards.map((card) => card.key), viewer?.id ?? null);
  return { reading: { ...reading, faces } };
}

export default function SharedReading() {
  const { reading } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 pt-10 sm:px-6">
      <h1 className="text-4xl font-bold">A shared reading</h1>
      <ReadingRecord {...reading} />
      <Link reloadDocument to="/reading-room?create=true" className={`${buttonClasses("primary")} justify-self-start`}>Hold a reading of your own</Link>
    </div>
  );
}
