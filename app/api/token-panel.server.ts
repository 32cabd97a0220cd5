/**
 * The profile page's API tokens panel: what it shows, and its two forms (make a token, revoke one).
 * The token is in the answer to the form that made it, and nowhere else, ever again.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireUser } from "../auth/guard.server";
import type { CurrentUser } from "../auth/user.server";
import { hasApiAccess } from "../entitlements/entitlements";
import { newTokenForm, revokeTokenForm } from "./tokens";
import { createToken, revokeToken, type TokenSummary } from "./tokens.server";
import { lazySchema } from "../lib/lazy-schema";
import { formText, readForm } from "../lib/read-form.server";
import { z } from "zod";

export const TOKEN_INTENTS = ["create-token", "revoke-token"] as const;

export type TokenActionData =
  | { intent: "create-token"; ok: true; token: string; name: string }
  | { intent: "revoke-token"; ok: true; message: string }
  | { intent: "create-token" | "revoke-token"; ok: false; errors: Record<string, string>; values?: Record<string, string> };

/** What the panel shows from the person and their live tokens as read (`tokensQuery`): whether the plan includes the API, and the tokens (a guest has none). */
export function tokenPanelOf(user: Pick<CurrentUser, "isGuest" | "plan">, tokens: TokenSummary[]) {
  return { access: hasApiAccess(user.plan.tier), tokens: user.isGuest ? [] : tokens };
}

const FORM_TYPE = "application/x-www-form-urlencoded";

/** The panel's two forms, keyed on intent. */
const tokenForm = lazySchema(() =>
  z.discriminatedUnion("intent", [newTokenForm.extend({ intent: z.literal("create-token") }), revokeTokenForm.extend({ intent: z.literal("revoke-token") })]),
);

/** The panel's forms, or null for any other form of the profile page (left to its own action). */
export async function tokenAction({ request, context }: ActionFunctionArgs) {
  // The token forms are plain forms; an upload (multipart) is never one of them and is not read here.
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith(FORM_TYPE)) return null;
  const read = await readForm(request.clone(), tokenForm);
  if (!read.ok && read.unknownIntent) return null;
  const user = await requireUser(request, context);
  if (!read.ok) {
    if (read.intent === "revoke-token") return revokeRefused();
    const errors: Record<string, string> = {};
    for (const issue of read.issues) errors[issue.field || "form"] ??= issue.message;
    return data<TokenActionData>({ intent: "create-token", ok: false, errors, values: formText(read.formData) }, { status: 400 });
  }
  const form = read.data;
  switch (form.intent) {
    case "create-token": {
      const made = await createToken(context.db, user.id, form);
      if (!made.ok)
        return data<TokenActionData>(
          { intent: "create-token", ok: false, errors: { form: made.message }, values: formText(read.formData) },
          { status: made.status },
        );
      return data<TokenActionData>({ intent: "create-token", ok: true, token: made.token, name: made.name }, { headers: { "cache-control": "no-store" } });
    }
    case "revoke-token":
      if (!(await revokeToken(context.db, user.id, form.tokenId))) return revokeRefused();
      return data<TokenActionData>({ intent: "revoke-token", ok: true, message: "The token was revoked. Programs using it are refused from now on." });
  }
}

const revokeRefused = () => data<TokenActionData>({ intent: "revoke-token", ok: false, errors: { form: "You have no such token." } }, { status: 404 });
