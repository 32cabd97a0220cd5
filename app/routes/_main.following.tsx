import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { Avatar } from "~/components/avatar";
import { FollowButton } from "~/marketplace/components/follow-and-wish";
import { PageHeader } from "~/components/page-header";
import type { PageHandle } from "~/lib/page-handle";
import { followedCreators } from "~/marketplace/follows.server";
import { shopPath } from "~/marketplace/shop";

/** Round trips: the person, then whom they follow. */
export const handle: PageHandle = { roundTrips: 2 };

export const meta: MetaFunction = () => [{ title: "Following — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Follows belong to an account: a guest is asked to make one first.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  return { creators: await followedCreators(context.db, user.id) };
}

/** The creators a person follows: theirs alone to see (a shop shows only how many follow it). */
export default function Following() {
  const { creators } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16">
      <PageHeader eyebrow="Marketplace" title="Following">
        <p>The creators you follow. Only you see this list. When one lists a new deck, you hear of it at most once a day, as your notification settings say.</p>
      </PageHeader>
      {creators.length === 0 ? (
        <p className="rounded-3xl border border-line bg-surface/80 p-6 text-center text-muted" data-testid="following-empty">
          You follow nobody yet. Press Follow on a creator’s shop or on one of their decks in{" "}
          <Link to="/marketplace" className="underline underline-offset-4">
            the marketplace
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-3xl border border-line bg-surface/80 px-4 sm:px-6" data-testid="following">
          {creators.map((creator) => {
            const name = creator.fullName || `@${creator.username}`;
            return (
              <li key={creator.username} className="flex flex-wrap items-center justify-between gap-3 py-4" data-followed={creator.username}>
                <Link to={shopPath(creator.username)} className="flex min-w-0 items-center gap-3 hover:text-gold">
                  <Avatar name={creator.fullName || creator.username} url={creator.avatarUrl} size={44} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{name}</span>
                    <span className="block truncate text-sm text-muted">@{creator.username}</span>
                  </span>
                </Link>
                <FollowButton username={creator.username} name={name} following />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
