import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { followOf, stopReaderNotices } from "~/readers/favourites.server";
import { readStopNoticesToken } from "~/readers/notice-links.server";

/** Round trips: the reader the link names (the layout's own reads beside it); a stop is one write, then the page again. */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 3 };

export const meta: MetaFunction = () => [{ title: "Stop notices — Arcanum" }, { name: "robots", content: "noindex" }];

const noStore = { "Cache-Control": "private, no-store" };
const REFUSED =
  "This link is not one of ours, or it was changed or cut short. Open the link again from the e-mail or notification, or turn notices off from the reader's page.";

/**
 * The page an unsubscribe link opens, signed in or not: it names the reader and asks before turning
 * anything off, as mail scanners open links by themselves.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const named = await readStopNoticesToken(context.config.authSecret, params.token ?? "");
  if (!named) return data({ refused: REFUSED, reader: null }, { status: 400, headers: noStore });
  const reader = await followOf(context.db, named.followerId, named.readerId);
  if (!reader) return data({ refused: "That reader is no longer on Arcanum, so there is nothing to stop.", reader: null }, { status: 404, headers: noStore });
  return data({ refused: null, reader }, { headers: noStore });
}

/**
 * Turns that reader's notices off for that person: the page's button, and mail clients' one-click
 * unsubscribe (RFC 8058: a POST of `List-Unsubscribe=One-Click` to the same address).
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const named = await readStopNoticesToken(context.config.authSecret, params.token ?? "");
  if (!named) return data({ refused: REFUSED, stopped: false }, { status: 400, headers: noStore });
  await stopReaderNotices(context.db, named.followerId, named.readerId);
  return data({ refused: null, stopped: true }, { headers: noStore });
}

export default function StopNotices() {
  const { refused, reader } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const problem = result?.refused ?? refused;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Notices" title={reader ? `Notices about ${reader.name}` : "Stop notices"} />
      <div className="mx-auto max-w-xl rounded-3xl border border-line bg-surface/90 p-6 sm:p-8" data-testid="stop-notices">
        {problem ? (
          <p role="alert" className="text-danger">
            {problem}
          </p>
        ) : result?.stopped || (reader && !reader.notify) ? (
          <>
            <p role="status" className="text-lg">
              Done: you will no longer hear when {reader?.name} comes online.
            </p>
            <p className="mt-3 text-sm text-muted">
              Changed your mind? Turn “Notify me when online” back on from{" "}
              <Link to={`/readers/${reader?.username}`} className="underline underline-offset-4">
                {reader?.name}’s page
              </Link>
              .
            </p>
          </>
        ) : reader ? (
          <Form method="post">
            <p className="text-lg">Stop the e-mails and notifications that tell you when {reader.name} comes online?</p>
            <p className="mt-2 text-sm text-muted">{reader.name} stays among your favourite readers; only these notices stop.</p>
            <button type="submit" className={`${buttonClasses("primary")} mt-5`} data-testid="stop-notices-button">
              Stop notices about {reader.name}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
