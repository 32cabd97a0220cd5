import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "~/auth/guard.server";
import { buttonClasses } from "~/components/ui/button";
import { textResponse } from "~/lib/http";
import type { PageHandle } from "~/lib/page-handle";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { ARRANGEMENTS, BLEED_PX, PAPERS, printChoice, type PrintChoice } from "~/print/layout";
import { isRefusal, printAccess } from "~/print/print-access.server";
import { emailWhenReady, picturesState, printState, requestPictures, requestPrint } from "~/print/print.server";
import { roughly, secondsLeft } from "~/print/estimate";
import { GUIDE_FORMATS } from "~/print/guidebook";
import { tuckBox } from "~/print/tuck-box";

/**
 * The person, the deck with their copy, then together the print's row and the listing of the
 * deck's stored renders (and, only while some are missing, a question to its pictures job).
 * Asking for a print claims its row in one statement and starts its job; asking for the pictures
 * starts the deck's pictures job.
 */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 4 };

/** The print form: the choice, what is asked for (the PDF unless told), and whether to e-mail when it is ready. */
const printForm = lazySchema(() =>
  printChoice.extend({
    intent: z.enum(["pdf", "pictures", "email"], { message: "Ask for the PDF, the card pictures or an e-mail." }).default("pdf"),
    email: z
      .unknown()
      .optional()
      .transform((ticked) => ticked === "1"),
  }),
);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Print ${data.deck.title} — Arcanum` : "Print — Arcanum" }];

function choiceOf(params: URLSearchParams): PrintChoice | Response {
  const parsed = printChoice.safeParse({ paper: params.get("paper") ?? undefined, arrangement: params.get("arrangement") ?? undefined });
  return parsed.success ? parsed.data : textResponse(400, parsed.error.issues[0]?.message ?? "Choose a paper and an arrangement.");
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const access = await printAccess(context.db, params.deckId ?? "", user);
  if (isRefusal(access)) throw textResponse(access.status, access.message);
  const choice = choiceOf(new URL(request.url).searchParams);
  if (choice instanceof Response) throw choice;
  const [state, pictures] = await Promise.all([
    printState(context.db, access, choice),
    picturesState({ bucket: context.cloudflare.env.MEDIA, jobs: context.cloudflare.env.PrintJob }, access),
  ]);
  // Every card (and the back) not yet drawn, at the style's measured time a picture: the stored renders are counted as the job goes.
  const toDraw = pictures.status === "ready" ? 0 : access.cards.length + 1 - pictures.cardsDone;
  const box = tuckBox(access.cards.length);
  return {
    deck: { id: access.deck.id, title: access.deck.title, creator: access.deck.creator },
    cardCount: access.cards.length,
    estimate: roughly(secondsLeft(access.deck.artStyle, toDraw)),
    canEmail: Boolean(user.email),
    box: { ...box.inside, paper: box.paper === "a4" ? "A4" : "A3" },
    licence: access.licence,
    holder: access.holder.name,
    role: access.role,
    choice,
    state,
    pictures,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const [access, read] = await Promise.all([printAccess(context.db, params.deckId ?? "", user), readForm(request, printForm)]);
  if (isRefusal(access)) return textResponse(access.status, access.message);
  if (!read.ok) return textResponse(400, read.message);
  const { intent: asked, email, ...choice } = read.data;
  if (asked === "pictures") await requestPictures(context.cloudflare.env.PrintJob, access);
  // A print that finished before the wish arrived needs no e-mail: the page it returns to offers the file.
  else if (asked === "email") {
    if (user.email) await emailWhenReady(context.db, access, choice);
  } else
    await requestPrint({ db: context.db, jobs: context.cloudflare.env.PrintJob }, access, choice, {
      origin: new URL(request.url).origin,
      whenReady: Boolean(user.email) && email,
    });
  // Back to the page, which follows the print's progress (and a reload does not ask again).
  return redirect(`/collection/${access.deck.id}/print?${query(choice)}`, 303);
}

const query = (choice: PrintChoice) => new URLSearchParams(choice).toString();

export default function PrintPage() {
  const { deck, cardCount, estimate, canEmail, box, licence, holder, role, choice, state, pictures } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const pdfWorking = state?.status === "working";
  const working = pdfWorking || pictures.status === "working";
  // While the PDF or the pictures are made, the page asks for its progress every second and a half.
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const percent = state ? Math.round((state.cardsDone / Math.max(1, state.cardsTotal)) * 100) : 0;
  const pdfUrl = `/collection/${deck.id}/print.pdf?${query(choice)}`;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <Link to={`/collection/${deck.id}`} className="text-sm text-brand underline">
        ← {deck.title}
      </Link>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Print {deck.title}</h1>
      <p className="mt-2 text-muted">
        {cardCount} cards by {deck.creator}, at tarot size (70 × 120 mm), painted to the edge with 3 mm of bleed, and crop marks.{" "}
        {role === "buyer" ? `Made for ${holder}.` : ""}
      </p>
      <p className="mt-2 text-sm" data-testid="print-licence">
        Licence: {licence}
      </p>

      <section aria-labelledby="pdf-heading" className="mt-8 rounded-2xl border border-line p-5">
        <h2 id="pdf-heading" className="text-xl font-semibold">
          Print-ready PDF
        </h2>
        <Form method="get" className="mt-4 grid gap-4 sm:grid-cols-2">
          <fieldset>
            <legend className="text-sm font-semibold">Paper</legend>
            {(Object.keys(PAPERS) as (keyof typeof PAPERS)[]).map((paper) => (
              <label key={paper} className="mt-2 flex items-center gap-2 text-sm">
                <input type="radio" name="paper" value={paper} defaultChecked={choice.paper === paper} />
                {PAPERS[paper].label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold">Arrangement</legend>
            {(Object.keys(ARRANGEMENTS) as (keyof typeof ARRANGEMENTS)[]).map((arrangement) => (
              <label key={arrangement} className="mt-2 flex items-start gap-2 text-sm">
                <input type="radio" name="arrangement" value={arrangement} defaultChecked={choice.arrangement === arrangement} className="mt-1" />
                {ARRANGEMENTS[arrangement]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Choose
          </button>
        </Form>

        <div className="mt-5" aria-live="polite" data-testid="pdf-state">
          {state?.status === "ready" ? (
            <p>
              <a href={pdfUrl} download className={buttonClasses("primary", "md")} data-testid="download-pdf">
                Download the PDF ({PAPERS[choice.paper].label}, {choice.arrangement === "sheets" ? "sheets" : "one card a page"})
              </a>
            </p>
          ) : pdfWorking ? (
            <div>
              <p className="text-sm">
                Making the PDF: {state.cardsDone} of {state.cardsTotal} cards
              </p>
              <progress max={state.cardsTotal} value={state.cardsDone} className="mt-2 w-full" aria-label={`${percent}% made`} />
              <p className="mt-2 text-sm text-muted" data-testid="print-estimate">
                Ready in {estimate}.
              </p>
              {state.emailWhenReady ? (
                <p className="mt-2 text-sm" data-testid="print-email">
                  We will e-mail you when it is ready.
                </p>
              ) : canEmail ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="email" />
                  <input type="hidden" name="paper" value={choice.paper} />
                  <input type="hidden" name="arrangement" value={choice.arrangement} />
                  <button type="submit" className={buttonClasses("secondary", "sm")} disabled={navigation.state !== "idle"}>
                    E-mail me when it is ready
                  </button>
                </Form>
              ) : null}
            </div>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="pdf" />
              <input type="hidden" name="paper" value={choice.paper} />
              <input type="hidden" name="arrangement" value={choice.arrangement} />
              {state?.status === "failed" ? <p className="mb-2 text-sm text-danger">The last attempt did not finish. Try again.</p> : null}
              <p className="mb-3 text-sm text-muted" data-testid="print-estimate">
                Making it takes {estimate}; you can leave this page meanwhile.
              </p>
              {canEmail ? (
                <label className="mb-3 flex items-center gap-2 text-sm">
                  <input type="checkbox" name="email" value="1" />
                  E-mail me when it is ready
                </label>
              ) : null}
              <button type="submit" className={buttonClasses("primary", "md")} disabled={navigation.state !== "idle"}>
                Make the PDF
              </button>
            </Form>
          )}
        </div>
      </section>

      <section aria-labelledby="guide-heading" className="mt-6 rounded-2xl border border-line p-5">
        <h2 id="guide-heading" className="text-xl font-semibold">
          Guidebook and box
        </h2>
        <p className="mt-2 text-sm text-muted">
          The deck's little book: its theme, a page for each card with your words and its upright and reversed meanings, and three spreads.
        </p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {(Object.keys(GUIDE_FORMATS) as (keyof typeof GUIDE_FORMATS)[]).map((format) => (
            <li key={format}>
              <a
                href={`/collection/${deck.id}/guidebook.pdf?format=${format}`}
                download
                className={buttonClasses("secondary", "md")}
                data-testid={`download-guidebook-${format}`}
                title={GUIDE_FORMATS[format]}
              >
                {format === "plain" ? "Download the guidebook" : "Booklet to fold (A5 on A4)"}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          A tuck box for {cardCount} cards: a die-line template on {box.paper} card, {box.width} × {box.height} × {box.depth} mm inside, with your cover card on
          the front and the deck's back behind.
        </p>
        <div className="mt-3">
          {pictures.status === "ready" ? (
            <a href={`/collection/${deck.id}/box.pdf`} download className={buttonClasses("secondary", "md")} data-testid="download-box">
              Download the tuck box
            </a>
          ) : (
            <p className="text-sm" data-testid="box-waits">
              The box shows the deck's cards at print size: it is offered once the pictures below are prepared (making the PDF prepares them too).
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="zip-heading" className="mt-6 rounded-2xl border border-line p-5">
        <h2 id="zip-heading" className="text-xl font-semibold">
          Card pictures
        </h2>
        <p className="mt-2 text-sm text-muted">
          Every card and the back as PNG at 300 dpi ({BLEED_PX.width} × {BLEED_PX.height} px with bleed), with a README naming your licence.
        </p>
        <div className="mt-4" aria-live="polite">
          {pictures.status === "ready" ? (
            <p>
              <a href={`/collection/${deck.id}/cards.zip`} download className={buttonClasses("secondary", "md")} data-testid="download-zip">
                Download the ZIP
              </a>
            </p>
          ) : pictures.status === "working" ? (
            <div>
              <p className="text-sm">
                Preparing the pictures: {pictures.cardsDone} of {pictures.cardsTotal} cards
              </p>
              <progress
                max={pictures.cardsTotal}
                value={pictures.cardsDone}
                className="mt-2 w-full"
                aria-label={`${Math.round((pictures.cardsDone / Math.max(1, pictures.cardsTotal)) * 100)}% prepared`}
              />
            </div>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="pictures" />
              <input type="hidden" name="paper" value={choice.paper} />
              <input type="hidden" name="arrangement" value={choice.arrangement} />
              {pictures.status === "failed" ? <p className="mb-2 text-sm text-danger">The last attempt did not finish. Try again.</p> : null}
              <p className="mb-2 text-sm text-muted">
                {pictures.cardsDone} of {pictures.cardsTotal} cards are drawn at print size; the rest are drawn first (making the PDF draws them too).
              </p>
              <button type="submit" className={buttonClasses("secondary", "md")} disabled={navigation.state !== "idle"}>
                Prepare the pictures
              </button>
            </Form>
          )}
        </div>
      </section>
    </div>
  );
}
