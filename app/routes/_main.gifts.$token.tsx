import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { boughtDeckPath } from "~/marketplace/purchase.server";
import { claimGift, GIFT_MESSAGES, giftByToken, giftPath } from "~/marketplace/gifts.server";

/** Round trips: the person, then the gift; claiming reads it, then takes it and writes the purchase in one batch. */
export const handle: PageHandle = { roundTrips: 3, actionRoundTrips: 5 };

export const meta: MetaFunction = () => [{ title: "A gift for you — Arcanum" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const user = await context.currentUser();
  const gift = await giftByToken(context.db, params.token ?? "");
  if (!gift) throw new Response("Not found", { status: 404 });
  const state = gift.status === "claimed" ? (gift.claimedBy === user?.id ? "yours" : "claimed") : gift.status === "refunded" ? "refunded" : "waiting";
  return {
    title: gift.title,
    giver: gift.giver,
    message: gift.message,
    state,
    notice: state === "claimed" ? GIFT_MESSAGES.claimed : state === "refunded" ? GIFT_MESSAGES.refunded : null,
    deckId: gift.deckId,
    member: Boolean(user && !user.isGuest),
    signInPath: `/login?redirectTo=${encodeURIComponent(giftPath(params.token ?? ""))}`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const outcome = await claimGift(context.db, user, params.token ?? "");
  if (outcome.ok) throw redirect(boughtDeckPath(outcome.deckId));
  if (outcome.status === 404) throw new Response("Not found", { status: 404 });
  return data({ message: outcome.message }, { status: outcome.status });
}

export default function Gift() {
  const gift = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="A gift for you" title={gift.title}>
        <p>{gift.giver ? `From @${gift.giver}` : "From someone on Arcanum"}</p>
      </PageHeader>
      <Panel>
        {gift.message ? (
          <blockquote className="rounded-2xl bg-surface-2 p-4 text-lg italic" data-testid="gift-message">
            “{gift.message}”
          </blockquote>
        ) : null}
        {result?.message ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {result.message}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col items-center gap-3 text-center">
          {gift.state === "yours" ? (
            <Link to={`/collection/${gift.deckId}`} className={buttonClasses("gold", "lg")}>
              Open it in your collection
            </Link>
          ) : gift.notice ? (
            <p role="status">{gift.notice}</p>
          ) : gift.member ? (
            <Form method="post">
              <button type="submit" className={buttonClasses("gold", "lg")} disabled={busy}>
                Add it to my collection
              </button>
            </Form>
          ) : (
            <>
              <p>Sign in, or make an account with your e-mail address, to add the deck to your collection.</p>
              <Link to={gift.signInPath} className={buttonClasses("gold", "lg")}>
                Sign in to claim it
              </Link>
            </>
          )}
          <Link to={`/marketplace/${gift.deckId}`} className="text-sm text-muted underline underline-offset-2">
            See the deck in the marketplace
          </Link>
        </div>
      </Panel>
    </div>
  );
}
