import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { keepPageWhenKept, sendOrKeep } from "~/outbox/client-action";
import { requireUser } from "~/auth/guard.server";
import { requireSender, waitingFormFor } from "~/outbox/outbox.server";
import { answerWith, keyOf } from "~/outbox/submission-keys.server";
import { WaitingFormFields } from "~/outbox/waiting-form";
import { buttonClasses } from "~/components/ui/button";
import { recordFaces } from "~/reading-room/deck-art.server";
import { getJournalEntry, notesForm, saveNotes, setSharing } from "~/reading-room/journal.server";
import { JOURNAL_MOODS, MAX_TAGS, tagsForm, tidyTags } from "~/journal/practice";
import { useSavedField } from "~/components/saved-field";
import { linkWorks, paidSharingState, shareButton, sharingOutcome } from "~/reading-room/journal-sharing";
import { ReadingRecord } from "~/reading-room/reading-record";
import { liveOpinionsOf, secondOpinionsOf } from "~/paid-readings/second-opinion.server";
import { SecondOpinions } from "~/paid-readings/second-opinions";
import type { PageHandle } from "~/lib/page-handle";
import { Input, Select } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { formFields, readForm } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * Round trips: the person, then their entry beside its second opinions, then its cards' pictures as they may see them: the deck's art and who may see it at once, then whether they hold the deck.
 * Sharing reads the entry back after the change, to say whether the link works yet, beside deleting a stopped link's pictures.
 * A page without JavaScript sent again with its spent key and other words reads the first answer and the entry, then saves as the form's next send: two more.
 */
export const handle: PageHandle = { roundTrips: 4, actionRoundTrips: 8 };

// The question names the reading, in the tab and in the list of pages saved for offline reading.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.entry.question ? `“${data.entry.question}” — Arcanum` : "A reading — Arcanum" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // The entry's second opinions are read beside it: they are the person's own, by the entry's id.
  const [entry, opinions, live] = await Promise.all([
    getJournalEntry(context.db, user.id, params.entryId ?? ""),
    secondOpinionsOf(context.db, user.id, params.entryId ?? ""),
    liveOpinionsOf(context.db, user.id, params.entryId ?? ""),
  ]);
  if (!entry) throw new Response("Reading not found", { status: 404 });
  const [faces, waitingNotes] = await Promise.all([
    recordFaces(
      context.db,
      entry.deckId,
      entry.cards.map((card) => card.key),
      user.id,
    ),
    waitingFormFor(user.id),
  ]);
  // A second opinion is the client's to ask: not on a reading they gave as the reader, nor on one without cards.
  const mayAsk = entry.cards.length > 0 && !(entry.sharing.kind === "paid" && entry.sharing.role === "reader");
  return { entry, faces, notesForm: waitingNotes, opinions, live, mayAsk };
}

/** A form sent over a connection that fails on the way waits in the outbox (decision 0060). */
export const clientAction = sendOrKeep;
export const shouldRevalidate = keepPageWhenKept;

/**
 * The page's buttons: save, share or stop sharing. The one form carries the notes, tags and mood
 * whichever was pressed, read by their own schemas below (a form with notes alone leaves the tags).
 */
const entryForm = lazySchema(() => z.object({ intent: z.enum(["notes", "share", "unshare"]) }));

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireSender(request, context);
  const id = params.entryId ?? "";
  const read = await readForm(request, entryForm);
  if (!read.ok) return data({ message: "Unknown action.", ok: false }, { status: 400 });
  const form = formFields(read.formData);
  // Sharing saves what was typed first rather than leaving it behind.
  const saveFields = async () => {
    const parsed = notesForm.safeParse({ ...form, revision: form.revision || undefined, send: form.send || undefined });
    const key = keyOf(form);
    if (!parsed.success || !key.ok) return data({ message: key.ok ? parsed.error!.issues[0]!.message : key.message, ok: false }, { status: 400 });
    // The page's form carries the tags and mood with the notes; a form with notes alone leaves them as they are.
    const withTags = "tags" in form || "mood" in form;
    const tagged = withTags ? tagsForm.safeParse({ tags: form.tags ?? "", mood: form.mood ?? "" }) : null;
    if (tagged && !tagged.success) return data({ message: tagged.error.issues[0]!.message, ok: false }, { status: 400 });
    const outcome = await saveNotes(context.db, user.id, id, { ...parsed.data, ...tagged?.data }, key.key);
    if (outcome.status === 404) throw new Response("Reading not found", { status: 404 });
    return answerWith<{ message: string; ok: boolean }>(outcome);
  };
  switch (read.data.intent) {
    case "notes":
      return saveFields();
    case "share":
    case "unshare": {
      if ("notes" in form) {
        const saved = await saveFields();
        if (saved.init?.status !== 200) return saved;
      }
      const shared = await setSharing(context.db, context.cloudflare.env.MEDIA, user.id, id, read.data.intent === "share");
      if (!shared) throw new Response("Reading not found", { status: 404 });
      const [entry] = await Promise.all([getJournalEntry(context.db, user.id, id), shared.picturesGone]);
      if (!entry) throw new Response("Reading not found", { status: 404 });
      return { message: sharingOutcome(entry.sharing, entry.shareId), ok: true, about: "share" as const };
    }
  }
}

/** Printing the page gives the reading on paper: the record and the notes, without the forms. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses("ghost", "sm")}>
      Print this reading
    </button>
  );
}

function readingDay(at: number): string {
  return new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export default function JournalEntry() {
  const { entry, faces, notesForm: waiting, opinions, live, mayAsk } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The fields follow what the server saved without losing what was typed since (decision 0111).
  const notesField = useSavedField<HTMLTextAreaElement>(entry.notes, entry.notesRevision);
  const tagsField = useSavedField<HTMLInputElement>(entry.tags.join(", "), 0, (text) => tidyTags(text).join(", "));
  const moodField = useSavedField<HTMLSelectElement>(entry.mood ?? "");
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 pt-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/journal" className="text-sm text-brand underline">
          ← Reading Journal
        </Link>
        <PrintButton />
      </div>
      <h1 className="text-4xl font-bold">Your reading</h1>
      <ReadingRecord {...entry} askedByViewer faces={faces} />
      {mayAsk || opinions.length > 0 || live.length > 0 ? <SecondOpinions entryId={entry.id} opinions={opinions} live={live} mayAsk={mayAsk} /> : null}
      {entry.tags.length > 0 || entry.mood ? (
        <p className="hidden print:block">{[entry.mood, ...entry.tags.map((tag) => `#${tag}`)].filter(Boolean).join(" · ")}</p>
      ) : null}
      {entry.notes ? (
        <div className="hidden whitespace-pre-wrap print:block">
          <h2 className="font-semibold">Your notes</h2>
          <p>{entry.notes}</p>
        </div>
      ) : null}
      <Form
        id="journal-entry"
        method="post"
        className="grid gap-4 rounded-3xl border border-line bg-surface/80 p-5 print:hidden"
        data-outbox="journal-notes"
        data-outbox-intent="notes"
        data-outbox-account={waiting.account}
        data-outbox-label={`Note on your reading of ${readingDay(entry.createdAt)}`}
      >
        <input type="hidden" name="revision" value={notesField.basedOn} />
        <div className="grid gap-2">
          <label htmlFor="notes" className="font-semibold">
            Your notes
          </label>
          <textarea
            ref={notesField.ref}
            id="notes"
            name="notes"
            defaultValue={entry.notes}
            maxLength={5000}
            rows={5}
            className="rounded-2xl border border-line bg-surface p-3"
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <div className="grid gap-1">
            <label htmlFor="tags" className="text-sm font-medium">
              Tags
            </label>
            <Input
              look="inline"
              ref={tagsField.ref}
              id="tags"
              name="tags"
              defaultValue={entry.tags.join(", ")}
              placeholder="love, new job, full moon"
              aria-describedby="tags-help"
            />
            <p id="tags-help" className="text-xs text-muted">
              Separate tags with commas; up to {MAX_TAGS}.
            </p>
          </div>
          <div className="grid content-start gap-1">
            <label htmlFor="mood" className="text-sm font-medium">
              Mood
            </label>
            <Select look="inline" ref={moodField.ref} id="mood" name="mood" defaultValue={entry.mood ?? ""}>
              <option value="">Not said</option>
              {JOURNAL_MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {mood[0]!.toUpperCase() + mood.slice(1)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <button type="submit" name="intent" value="notes" className={`${buttonClasses("secondary")} justify-self-start`}>
          Save notes and tags
        </button>
        {result?.message && !("about" in result) ? (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"}>
            {result.message}
          </p>
        ) : null}
        <WaitingFormFields submissionKey={waiting.key} kind="journal-notes" numbered />
      </Form>
      <section className="grid gap-2 rounded-3xl border border-line bg-surface/80 p-5 print:hidden">
        <h2 className="font-semibold">Share</h2>
        {entry.sharing.kind === "paid" ? (
          <p className="text-sm" data-testid="share-state">
            {paidSharingState(entry.sharing)}
          </p>
        ) : null}
        {entry.shareId && linkWorks(entry.sharing, entry.shareId) ? (
          <p className="break-all text-sm">
            <a href={`/shared/${entry.shareId}`} className="text-brand underline" data-testid="share-link">
              /shared/{entry.shareId}
            </a>
          </p>
        ) : null}
        {/* A button of the entry's one form, so what was typed above is saved before the link is made or stopped. */}
        <button
          type="submit"
          form="journal-entry"
          name="intent"
          value={entry.shareId ? "unshare" : "share"}
          className={`${buttonClasses("secondary", "sm")} justify-self-start`}
        >
          {shareButton(entry.sharing, entry.shareId)}
        </button>
        {result?.message && "about" in result ? (
          <p role="status" className="text-sm">
            {result.message}
          </p>
        ) : null}
      </section>
    </div>
  );
}
