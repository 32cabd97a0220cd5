// Saved copies belong to one account. The server names it on every document and `.data` answer
// (ACCOUNT_HEADER, an opaque keyed hash; "" when nobody is signed in); when that name changes (sign
// out, sign in as someone else, a guest merged into an account) every saved page and image goes
// before anything of the new account is kept. A copy is only ever served under the name it was kept with.
// A session can also end with no answer to say so (its cookies run out or are cleared): the same name
// rides in a cookie beside the session, and each page load checks it before any saved copy is shown.
import { ACCOUNT_HEADER, accountCookieName, copiesOutliveSession } from "./policy";
import { IMAGES, PAGES, STATE } from "./names.sw";

declare const self: ServiceWorkerGlobalScope;

const ACCOUNT_KEY = "/__arcanum/account";

let current: Promise<string | null> | null = null;
/** Changes of account one after another, so a page of the old account is never kept after the wipe. */
let queue: Promise<unknown> = Promise.resolve();

async function readStored(): Promise<string | null> {
  const stored = await (await caches.open(STATE)).match(ACCOUNT_KEY);
  return stored ? stored.text() : null;
}

/** The account the saved copies belong to; null before any answer named one. */
export function currentAccount(): Promise<string | null> {
  current ??= readStored();
  return current;
}

/** Deletes every saved page and image: what a signed-out or switched browser must not show. */
export async function wipePrivateCopies(): Promise<void> {
  await Promise.all([caches.delete(PAGES), caches.delete(IMAGES)]);
}

function switchTo(account: string | null): Promise<void> {
  const step = queue.then(async () => {
    const before = await currentAccount();
    if (before === account) return;
    await wipePrivateCopies();
    const state = await caches.open(STATE);
    if (account === null) await state.delete(ACCOUNT_KEY);
    else await state.put(ACCOUNT_KEY, new Response(account));
    current = Promise.resolve(account);
  });
  queue = step.catch(() => undefined);
  return step;
}

/** The account the browser's cookie names now (null for none); undefined where the worker cannot read cookies. */
async function accountInCookie(): Promise<string | null | undefined> {
  // The Cookie Store API reaches service workers in every current engine; an older browser keeps the checks on answers alone.
  if (!("cookieStore" in self)) return undefined;
  const cookie = await self.cookieStore.get(accountCookieName(self.location.protocol === "https:")).catch(() => undefined);
  if (cookie === undefined) return undefined;
  return cookie?.value ?? null;
}

/**
 * Before a page load shows anything saved: when the session the copies were kept under has ended
 * or belongs to someone else, they go now, whether or not the network will answer.
 */
export async function checkSession(): Promise<void> {
  const named = await accountInCookie();
  if (named === undefined) return;
  await queue;
  if (copiesOutliveSession(await currentAccount(), named)) await switchTo(null);
}

/** Takes note of the account a fresh answer was made for; wipes what another account left. */
export async function noteAccount(response: Response): Promise<void> {
  const account = response.headers.get(ACCOUNT_HEADER);
  if (account === null) return;
  await switchTo(account);
}

/** Sign-out was asked for: nothing saved stays, whatever the answer. */
export function signedOut(): Promise<void> {
  return switchTo(null);
}

/** Whether a saved copy may be shown now: kept under the current account, or made for nobody in particular. */
export async function mayServe(saved: Response): Promise<boolean> {
  const account = saved.headers.get(ACCOUNT_HEADER);
  if (account === null) return true;
  // A change of account under way decides first.
  await queue;
  return account === (await currentAccount());
}
