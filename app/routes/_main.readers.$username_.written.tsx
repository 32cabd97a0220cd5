import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser, returnPathOf } from "~/auth/guard.server";
import { PageHeader, Panel } from "~/components/page-header";
import { ReaderAvatar } from "~/readers/reader-cards";
import { buttonClasses } from "~/components/ui/button";
import { newId } from "~/lib/crypto";
import { formatMoney } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { noticeTargetOf } from "~/mail/notices.server";
import { availableBalanceOf } from "~/paid-readings/wallet.server";
import { answerTimeText, askForm, WRITTEN_QUESTION_MAX, WRITTEN_QUESTION_MIN } from "~/paid-readings/written";
import { askWritten, tellAsked, writtenOnProfile } from "~/paid-readings/written.server";
import { getPublicReader } from "~/readers/queries.server";
import { Textarea } from "~/components/ui/field";
import { readForm } from "~/lib/read-form.server";

/** Round trips: the person, then the reader, their offers and the balance at once; asking is one batch. */
export const handle: PageHandle = { roundTrips: 2, actionRoundTrips: 4 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Ask ${data.reader.fullName || data.reader.username} for a written reading — Arcanum` : "Reader not found — Arcanum" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const username = params.username ?? "";
  // A paid reading needs an account: a guest creates one first and comes back here.
  if (user.isGuest) throw redirect(`/signup?redirectTo=${encodeURIComponent(returnPathOf(request))}`);
  const [reader, written, balanceCents] = await Promise.all([
    getPublicReader(context.db, username),
    writtenOnProfile(context.db, username),
    availableBalanceOf(context.db, user.id),
  ]);
  if (!reader) throw new Response("Reader not found", { status: 404 });
  const chosen = new URL(request.url).searchParams.get("offer");
  return {
    reader: { username: reader.username, fullName: reader.fullName, avatarUrl: reader.avatarUrl },
    self: user.username === reader.username,
    offers: written.offers,
    averageAnswerMs: written.averageAnswerMs,
    balanceCents,
    chosen,
    // One key per drawing of the form: sending it twice makes one request.
    formKey: newId(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, askForm);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const asked = await askWritten(context.db, user, read.data);
  if (!asked.ok) return data({ error: asked.message }, { status: asked.status });
  if (asked.value.created) await tellAsked(noticeTargetOf(context), asked.value.id, new URL(request.url).origin);
  throw redirect(`/written/${asked.value.id}`);
}

export default function AskWritten() {
  const { reader, self, offers, averageAnswerMs, balanceCents, chosen, formKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const name = reader.fullName || reader.username;
  const back = `/readers/${reader.username}/written`;
  const cheapest = offers[0]?.priceCents ?? 0;
  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Readers" title="Ask for a written reading" />
      <Panel>
        <div className="flex items-center gap-4">
          <ReaderAvatar name={name} url={reader.avatarUrl} online={false} size={64} />
          <div className="min-w-0">
            <p className="truncate text-2xl font-bold">{name}</p>
            <p className="text-sm text-muted">@{reader.username}</p>
            {averageAnswerMs !== null ? <p className="text-sm">{`Average answer time: ${answerTimeText(averageAnswerMs)}`}</p> : null}
          </div>
        </div>
        {self ? (
          <p className="mt-8 text-muted">This is you. Clients ask for your written readings here.</p>
        ) : offers.length === 0 ? (
          <p className="mt-8 text-muted">{name} offers no written readings right now.</p>
        ) : (
          <Form method="post" className="mt-6 space-y-5">
            <input type="hidden" name="key" value={formKey} />
            <fieldset>
              <legend className="font-semibold">Choose a reading</legend>
              <div className="mt-2 grid gap-2">
                {offers.map((offer, i) => (
                  <label
                    key={offer.id}
                    className="flex cursor-pointer items-center gap-3 rounded-2xl border border-line p-4 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
                  >
                    <input type="radio" name="offerId" value={offer.id} defaultChecked={chosen ? chosen === offer.id : i === 0} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold">{offer.title}</span>
                      <span className="block text-sm text-muted">{`${offer.spreadName} · answered within ${offer.answerHours} hours`}</span>
                    </span>
                    <span className="shrink-0 font-display text-xl font-bold text-gold">{formatMoney(offer.priceCents)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block">
              <span className="font-semibold">Your question</span>
              <Textarea
                name="question"
                required
                minLength={WRITTEN_QUESTION_MIN}
                maxLength={WRITTEN_QUESTION_MAX}
                rows={5}
                placeholder="What would you like the cards to look at? A little about where you stand helps."
              />
            </label>
            <p className="text-sm" data-testid="written-balance">
              Your balance available: <strong>{formatMoney(balanceCents)}</strong> ·{" "}
              <Link to={`/balance?returnTo=${encodeURIComponent(back)}`} className="underline">
                Top up
              </Link>
            </p>
            {balanceCents < cheapest ? (
              <p className="rounded-2xl bg-gold/15 p-4 text-sm" role="status">
                Your balance does not cover these readings yet: top up first.
              </p>
            ) : null}
            {result?.error ? (
              <p role="alert" className="font-semibold text-danger" data-testid="written-error">
                {result.error}
              </p>
            ) : null}
            <button type="submit" className={buttonClasses("primary")} disabled={navigation.state !== "idle"}>
              Pay and ask {name}
            </button>
            <p className="text-sm text-muted">
              The price leaves your balance now. If {name} does not answer in time, it comes back to your balance automatically.
            </p>
          </Form>
        )}
        <Link to={`/readers/${reader.username}`} className="mt-6 inline-block text-sm underline">
          Back to {name}’s profile
        </Link>
      </Panel>
    </div>
  );
}
