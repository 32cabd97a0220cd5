// Saved copies belong to one account. The server names it on every document and `.data` answer
// (ACCOUNT_HEADER, an opaque keyed hash; "" when nobody is signed in); when that name changes (sign
// out, sign in as someone else, a guest merged into an account) every saved page and image goes
// before anything of the new account is kept. A copy is only ever served under the name it was kept with.
import { ACCOUNT_HEADER } from "./policy";
import { IMAGES, PAGES, STATE } from "./names.sw";

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
  return account === (await currentAccount());
}
