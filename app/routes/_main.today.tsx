import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireUser } from "~/auth/guard.server";
import { loginPath } from "~/auth/redirect";
import { buttonClasses } from "~/components/ui/button";
import { DailyCard } from "~/daily/daily-card";
import { LearningStreak } from "~/learn/learning-streak";
import { learningStreak } from "~/learn/streak.server";
import {
  DAILY_WITH_CHOICES,
  advanceDailyCard,
  dailyCardOf,
  dailyCardView,
  keepDailyCard,
  keepForm,
  reminderTime,
  saveDailySettings,
  settingsForm,
} from "~/daily/daily.server";
import type { PageHandle } from "~/lib/page-handle";
import { Input, Select } from "~/components/ui/field";
import { lazySchema } from "~/lib/lazy-schema";
import { readForm } from "~/lib/read-form.server";
import { z } from "zod";

/**
 * One round trip: the session's check and the person's settings, kept days and decks together.
 * Keeping, turning or reading the card reads them once more, then writes in one batch.
 */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 3, renderMemo: true };

export const meta: MetaFunction = () => [
  { title: "Your card of the day — Arcanum" },
  { name: "description", content: "One tarot card a day, drawn for you at your own midnight, with its meaning and a question to carry through the day." },
];

/** Every time zone the runtime knows, listed once per isolate (asking the runtime costs milliseconds). */
let knownZones: string[] | undefined;

/** Every time zone the runtime knows, for the settings' list, with the person's own among them. */
function timeZones(current: string): string[] {
  knownZones ??= [...new Set(["UTC", ...(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [])])].sort();
  return knownZones.includes(current) ? knownZones : [...knownZones, current].sort();
}

export async function loader({ context }: LoaderFunctionArgs) {
  const [settings, kept, deckCards, choices, learnt] = await context.read(DAILY_WITH_CHOICES, {});
  const user = await context.currentUser();
  if (!user) return { day: null, login: loginPath("/today"), settings: null, choices: [], timeZones: [], learning: 0 };
  const now = Date.now();
  const day = dailyCardOf(user.id, [settings, kept, deckCards], context.timeZone, now);
  const stored = settings[0];
  return {
    day: dailyCardView(day),
    login: null,
    settings: { timeZone: day.timeZone, deckId: stored?.deckId ?? "", reminder: reminderTime(stored?.reminderMinute), isGuest: user.isGuest },
    choices,
    timeZones: timeZones(day.timeZone),
    learning: learningStreak(learnt, day.timeZone, now),
  };
}

/** The page's forms: keep the card with a note, turn it over or read its meaning, and the settings. */
const todayForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    keepForm.extend({ intent: z.literal("keep") }),
    // A plain form names the page it was on, to go back to; anything else is no page of ours.
    z.object({ intent: z.enum(["turn", "read"]), back: z.string().optional().catch(undefined) }),
    settingsForm.extend({ intent: z.literal("settings") }),
  ]),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = await readForm(request, todayForm);
  if (!read.ok) {
    if (read.unknownIntent) return data({ keepError: null, settingsError: "Unknown request." }, { status: 400 });
    if (read.intent === "keep") return data({ keepError: read.message, settingsError: null }, { status: 400 });
    return data({ keepError: null, settingsError: read.message }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "keep":
      await keepDailyCard(context.db, user.id, context.timeZone, form.notes);
      throw redirect("/today?kept=1");
    case "turn":
    case "read":
      await advanceDailyCard(context.db, user.id, context.timeZone, form.intent);
      // A plain form names the page it was on and goes back to it; the flip in place asks for no page.
      if (form.back === "/" || form.back === "/today") throw redirect(form.back);
      return data({ keepError: null, settingsError: null });
    case "settings":
      if (!(await saveDailySettings(context.db, user.id, { timeZone: form.timeZone, deckId: form.deckId, reminder: form.reminder })))
        return data({ keepError: null, settingsError: "Choose one of your own decks, one you bought, or the classic deck." }, { status: 400 });
      throw redirect("/today?saved=settings");
  }
}

export default function Today() {
  const { day, login, settings, choices, timeZones, learning } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  if (!day || !settings) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-4xl font-bold">Your card of the day</h1>
        <p className="mt-4 text-muted">Sign in, or go on as a guest, and a card is drawn for you each day at your own midnight.</p>
        <Link to={login!} className={`${buttonClasses("primary", "lg")} mt-6`}>
          Draw my card
        </Link>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DailyCard day={day} page="/today" headingLevel={1} eager keepError={result?.keepError} />
      <LearningStreak days={learning} className="mt-6 text-center" />
      <details className="mt-10 rounded-3xl border border-line bg-surface/80 p-5" open={params.get("saved") === "settings" || Boolean(result?.settingsError)}>
        <summary className="cursor-pointer font-semibold">Your day, your deck, your reminder</summary>
        {params.get("saved") === "settings" ? (
          <p role="status" className="mt-3 text-sm">
            Saved.
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="settings" />
          <label className="grid gap-1 text-sm font-semibold">
            Time zone
            <Select look="inline" name="timeZone" defaultValue={settings.timeZone}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </Select>
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            Deck
            <Select look="inline" name="deckId" defaultValue={settings.deckId}>
              <option value="">Classic deck</option>
              {choices.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.title}
                </option>
              ))}
            </Select>
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            Reminder <span className="font-normal text-muted">(empty: none)</span>
            <Input look="inline" type="time" name="reminder" defaultValue={settings.reminder} />
          </label>
          {result?.settingsError ? (
            <p role="alert" className="text-sm text-danger sm:col-span-3">
              {result.settingsError}
            </p>
          ) : null}
          <p className="text-sm text-muted sm:col-span-3">
            Your day starts at midnight in this time zone, on every device. A reminder comes by push to the devices where you turned notifications on (
            <Link to="/profile#notifications" className="text-brand underline-offset-4 hover:underline">
              notifications
            </Link>
            ), and never once the day's card is kept.
          </p>
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Save
            </button>
          </div>
        </Form>
      </details>
    </div>
  );
}
