import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { tokenAction, tokenPanelOf } from "~/api/token-panel.server";
import { ApiTokensPanel } from "~/api/tokens-panel";
import { formatMoney } from "~/lib/format";
import { balanceFrom } from "~/paid-readings/wallet.server";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { displayName } from "~/auth/display-name";
import { requireUser } from "~/auth/guard.server";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { AVATAR_ACCEPT, precheckAvatarFile } from "~/profile/avatar";
import type { ProfileActionData } from "~/accounts/profile.server";
import { USERNAME_MAX, USERNAME_MIN } from "~/lib/username";
import { longDate } from "~/lib/format";
import type { PageHandle } from "~/lib/page-handle";
import { NotificationSettings } from "~/push/notification-settings";
import { pushPreferencesFrom } from "~/push/subscriptions.server";
import { FavouriteReaders } from "~/readers/favourite-list";
import { formatLastSeen } from "~/readers/format";
import { readersQuery, readersResult } from "~/readers/queries.server";

import { PROFILE_PAGE, profileAction } from "~/accounts/profile.server";
import { Input, Textarea } from "~/components/ui/field";

/**
 * One round trip: the person's row, balance, tokens, notification settings and favourite readers
 * beside the session's check. The profile's forms store a new
 * avatar (the old one removed) or delete the account, whose decks' pictures leave storage before its rows.
 */
export const handle: PageHandle = { roundTrips: 1, actionRoundTrips: 13, renderMemo: true };

export async function action(args: ActionFunctionArgs) {
  return (await tokenAction(args)) ?? profileAction(args);
}

export const meta: MetaFunction = () => [{ title: "Profile — Arcanum" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const [current, [[user], wallet, tokens, settings, devices], [favouriteRows]] = await Promise.all([
    requireUser(request, context),
    context.read(PROFILE_PAGE, {}),
    context.read((me) => [readersQuery(context.db, { viewerId: me, mine: true }, now)] as const),
  ]);
  if (!user) throw new Response("Not found", { status: 404 });
  const favourites = await readersResult(context.db, { viewerId: current.id, mine: true }, favouriteRows, now);
  const balanceCents = current.isGuest ? null : balanceFrom(wallet);
  const api = tokenPanelOf(current, tokens);
  const push = pushPreferencesFrom([settings, devices]);
  return {
    favourites: {
      total: favourites.total,
      readers: favourites.readers.map((r) => ({
        username: r.username,
        fullName: r.fullName,
        avatarUrl: r.avatarUrl,
        online: r.online,
        lastSeen: !r.online && r.lastSeenAt !== null ? formatLastSeen(r.lastSeenAt, now) : null,
        favourite: r.favourite,
      })),
    },
    balanceCents,
    api,
    push: { ...push, saved: new URL(request.url).searchParams.get("saved") === "notifications" },
    profile: {
      name: displayName(current),
      isGuest: current.isGuest,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
      memberSince: user.createdAt,
    },
  };
}

export default function Profile() {
  const { profile, balanceCents, api, push, favourites } = useLoaderData<typeof loader>();
  const result = useActionData<ProfileActionData>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errorsFor = (intent: ProfileActionData["intent"]) => (result && !result.ok && result.intent === intent ? result.errors : {});
  const messageFor = (intent: ProfileActionData["intent"]) => (result?.ok && result.intent === intent ? result.message : null);
  const profileErrors = errorsFor("profile");

  return (
    <div className="px-4 pb-16">
      <PageHeader eyebrow="Profile" title={profile.name} />
      <div className="mx-auto grid max-w-3xl gap-6">
        {profile.isGuest ? (
          <p className="rounded-2xl border border-gold/40 bg-gold/10 px-5 py-4 text-sm">
            You are exploring as a guest. What you save here stays with you when you{" "}
            <Link to="/signup?redirectTo=%2Fprofile" className="font-semibold text-brand underline">
              create an account
            </Link>
            .
          </p>
        ) : null}

        {balanceCents !== null ? (
          <section
            aria-labelledby="balance-heading"
            className="flex flex-wrap items-center justify-between gap-3 rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:px-8"
          >
            <div>
              <h2 id="balance-heading" className="text-2xl font-bold">
                Reading balance
              </h2>
              <p className="text-sm text-muted">Pays for readings with human readers, by the minute.</p>
            </div>
            <p className="text-2xl font-semibold tabular-nums" data-testid="profile-balance">
              {formatMoney(balanceCents)}
            </p>
            <Link to="/balance" className={buttonClasses("secondary", "sm")}>
              Top up and history
            </Link>
          </section>
        ) : null}

        <AvatarPanel
          name={profile.name}
          url={profile.avatarUrl}
          error={errorsFor("avatar").avatar ?? errorsFor("remove-avatar").form ?? null}
          message={messageFor("avatar") ?? messageFor("remove-avatar")}
          uploaded={result?.ok && result.intent === "avatar" ? result : null}
          busy={busyIntent === "avatar" || busyIntent === "remove-avatar"}
        />

        <section aria-labelledby="details-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
          <h2 id="details-heading" className="text-2xl font-bold">
            Your details
          </h2>
          <Form method="post" className="mt-6 grid gap-5" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <label className="block text-sm font-semibold">
              Username
              <Input
                name="username"
                defaultValue={profile.username ?? ""}
                minLength={USERNAME_MIN}
                maxLength={USERNAME_MAX}
                autoComplete="username"
                placeholder={profile.isGuest ? "Made for you when you create an account" : undefined}
                aria-invalid={profileErrors.username ? true : undefined}
                aria-describedby="username-help"
              />
              <span
                id="username-help"
                className={cn("mt-1 block text-sm font-normal", profileErrors.username ? "text-danger" : "text-muted")}
                role={profileErrors.username ? "alert" : undefined}
              >
                {profileErrors.username ?? `${USERNAME_MIN} to ${USERNAME_MAX} letters, numbers, underscores or hyphens.`}
              </span>
            </label>
            <label className="block text-sm font-semibold">
              Full name
              <Input name="fullName" defaultValue={profile.fullName ?? ""} maxLength={100} autoComplete="name" />
              {profileErrors.fullName ? (
                <span role="alert" className="mt-1 block text-sm text-danger">
                  {profileErrors.fullName}
                </span>
              ) : null}
            </label>
            <label className="block text-sm font-semibold">
              Bio
              <Textarea name="bio" defaultValue={profile.bio ?? ""} maxLength={500} rows={4} />
              {profileErrors.bio ? (
                <span role="alert" className="mt-1 block text-sm text-danger">
                  {profileErrors.bio}
                </span>
              ) : null}
            </label>
            <dl className="grid gap-2 text-sm sm:grid-cols-3">
              <dt className="font-semibold">E-mail</dt>
              <dd className="text-muted sm:col-span-2">{profile.email ?? "No e-mail yet"}</dd>
              <dt className="font-semibold">{profile.isGuest ? "Exploring since" : "Member since"}</dt>
              <dd className="text-muted sm:col-span-2">{longDate(profile.memberSince)}</dd>
            </dl>
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className={buttonClasses("primary")} disabled={busyIntent === "profile"}>
                {busyIntent === "profile" ? "Saving…" : "Save profile"}
              </button>
              {messageFor("profile") ? (
                <p role="status" className="text-sm text-success">
                  {messageFor("profile")}
                </p>
              ) : null}
            </div>
          </Form>
        </section>

        <FavouriteReaders readers={favourites.readers} total={favourites.total} />
        <NotificationSettings settings={push.settings} devices={push.devices} saved={push.saved} />
        {profile.isGuest ? null : <ApiTokensPanel access={api.access} tokens={api.tokens} />}

        <DeleteAccountPanel email={profile.email} errors={errorsFor("delete-account")} busy={busyIntent === "delete-account"} />
      </div>
    </div>
  );
}

function DeleteAccountPanel({ email, errors, busy }: { email: string | null; errors: Record<string, string>; busy: boolean }) {
  const error = errors.confirm ?? errors.form ?? null;
  return (
    <section id="delete-account" aria-labelledby="delete-heading" className="rounded-3xl border border-danger/40 bg-surface/80 p-6 shadow-sm sm:p-8">
      <h2 id="delete-heading" className="text-2xl font-bold">
        Delete account
      </h2>
      <p className="mt-3 text-sm leading-relaxed text-muted">
        This deletes your decks and their card images, your picture, the readings you host, your journal and your credits, and signs you out. It cannot be
        undone. Scheduled readings are cancelled and written readings you have not answered are refunded, with the other person told. Decks other people bought
        from you stay with them, and payment records are kept for accounting without your name.{" "}
        <Link to="/privacy#deletion" className="underline underline-offset-2">
          What is kept, and why
        </Link>
        .
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="delete-account" />
        <label className="block text-sm font-semibold">
          {email ? <>Type your e-mail address or the word DELETE to confirm</> : <>Type the word DELETE to confirm</>}
          <Input
            name="confirm"
            required
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "delete-error" : undefined}
          />
        </label>
        {error ? (
          <p id="delete-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClasses("danger")} disabled={busy}>
            {busy ? "Deleting…" : "Delete my account"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function AvatarPanel({
  name,
  url,
  error,
  message,
  busy,
  uploaded,
}: {
  name: string;
  url: string | null;
  error: string | null;
  message: string | null;
  busy: boolean;
  uploaded: object | null;
}) {
  const [localError, setLocalError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Each successful upload is a new answer object: empty the file input so the same file is not sent twice.
  useEffect(() => {
    if (uploaded) form.current?.reset();
  }, [uploaded]);
  const shown = localError ?? error;
  return (
    <section aria-labelledby="avatar-heading" className="rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-8">
      <h2 id="avatar-heading" className="text-2xl font-bold">
        Picture
      </h2>
      <div className="mt-6 flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <Avatar name={name} url={url} size={112} className="shrink-0 ring-4 ring-brand-soft" />
        <div className="w-full">
          <Form ref={form} method="post" encType="multipart/form-data" className="grid gap-3">
            <input type="hidden" name="intent" value="avatar" />
            <label className="block text-sm font-semibold">
              Choose an image
              <input
                type="file"
                name="avatar"
                accept={AVATAR_ACCEPT}
                required
                aria-invalid={shown ? true : undefined}
                aria-describedby="avatar-help"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setLocalError(file ? precheckAvatarFile(file) : null);
                }}
                className="mt-2 block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-soft file:px-4 file:py-2 file:font-semibold file:text-ink"
              />
            </label>
            <p id="avatar-help" role={shown ? "alert" : undefined} className={cn("text-sm", shown ? "text-danger" : "text-muted")}>
              {shown ?? "JPG, PNG, GIF or WebP, up to 5 MB."}
            </p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClasses("primary")} disabled={busy || Boolean(localError)}>
                {busy ? "Uploading…" : "Upload picture"}
              </button>
            </div>
          </Form>
          {url ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="remove-avatar" />
              <button type="submit" className={buttonClasses("ghost")} disabled={busy}>
                Remove picture
              </button>
            </Form>
          ) : null}
          {message ? (
            <p role="status" className="mt-3 text-sm text-success">
              {message}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
