import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { requireUser } from "../auth/guard.server";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { formText, intentBranch, parseForm } from "../lib/read-form.server";
import { listingFormSent, publishDeck, saveListing, unlistDeck } from "../marketplace/listing.server";
import { tellOfListing } from "../marketplace/listing-news.server";
import { pushTargetOf } from "../push/notify.server";
import { startExplorerCheckout } from "../payments/payments.server";
import { PaymentsError } from "../payments/provider.server";
import { regenerateCard, retryDeck, upgradeDeck, type CreditOffer } from "./create.server";
import { deleteDeck, renameDeck, renameForm } from "./manage.server";
import { choosePaintedBack, uploadBack } from "./card-back.server";
import { repaintForm } from "./card-prompt";

/**
 * A form's answer. `intent` names the control it answers (`list` for the listing panel, `publish`
 * for making public or private), so the page shows it next to what the person used.
 */
/** `fixPaymentPath`: a refusal because the last payment failed links to where it is fixed, in words. */
export type DeckPageActionData = { ok: boolean; message: string; offer?: CreditOffer; field?: string; intent?: string; card?: string; fixPaymentPath?: string };

const fixPaymentOf = (result: object) =>
  "fixPaymentPath" in result && typeof result.fixPaymentPath === "string" ? { fixPaymentPath: result.fixPaymentPath } : {};

/** The deck page's forms, one branch per button; the painted back's design is checked after who asks (a stranger's deck is not found). */
const deckPageForm = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.looseObject({ intent: z.literal("back") }),
    z.object({ intent: z.literal("back-upload") }),
    intentBranch("list", listingFormSent),
    z.object({ intent: z.literal("unlist") }),
    renameForm.extend({ intent: z.literal("rename") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({ intent: z.literal("delete"), confirm: z.literal("delete", { error: "Confirm to delete the deck." }) }),
    repaintForm.extend({ intent: z.literal("regenerate") }),
    z.object({ intent: z.literal("retry") }),
    z.object({ intent: z.literal("upgrade") }),
    z.object({ intent: z.literal("buy-explorer") }),
  ]),
);

/**
 * The deck page's forms, by intent: listing and unlisting, renaming, publishing, deleting (a bought
 * deck leaves the marketplace instead), repainting a card, retrying or completing the deck, and
 * buying Explorer Plus. Each intent's module function touches only the person's own deck and
 * refuses anyone else (the authorization matrix tries every intent as each kind of person).
 */
export async function deckPageAction({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const deckId = params.deckId ?? "";
  // Read once: the card back's upload takes its file from the same form.
  const formData = await request.formData();
  const read = parseForm(formData, deckPageForm, { lists: ["preview"] });
  if (!read.ok) {
    if (read.unknownIntent) return data<DeckPageActionData>({ ok: false, message: "Unknown action." }, { status: 400 });
    if (read.intent === "list") return data<DeckPageActionData>({ ok: false, intent: "list", field: read.field, message: read.message }, { status: 400 });
    if (read.intent === "regenerate") {
      const card = formText(formData).card ?? "";
      return data<DeckPageActionData>({ ok: false, intent: "regenerate", card, field: "prompt", message: read.message }, { status: 400 });
    }
    return data<DeckPageActionData>({ ok: false, intent: read.intent ?? undefined, message: read.message }, { status: 400 });
  }
  const form = read.data;
  const { db } = context;
  switch (form.intent) {
    case "back": {
      const outcome = await choosePaintedBack(db, context.cloudflare.env.MEDIA, user.id, deckId, form);
      if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
      if (!outcome.ok) return data<DeckPageActionData>({ ok: false, intent: "back", message: outcome.message }, { status: outcome.status });
      return data<DeckPageActionData>({ ok: true, intent: "back", message: outcome.message });
    }
    case "back-upload": {
      const file = formData.get("back");
      const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      const outcome = await uploadBack(db, context.cloudflare.env.MEDIA, user.id, deckId, bytes);
      if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
      if (!outcome.ok) return data<DeckPageActionData>({ ok: false, intent: "back", message: outcome.message }, { status: outcome.status });
      return data<DeckPageActionData>({ ok: true, intent: "back", message: outcome.message });
    }
    case "list": {
      const outcome = await saveListing(db, user, deckId, form);
      if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
      if (!outcome.ok)
        return data<DeckPageActionData>({ ok: false, intent: "list", field: outcome.field, message: outcome.message }, { status: outcome.status });
      tellOfListing(pushTargetOf(context), user.id, deckId, outcome.news, new URL(request.url).origin);
      return data<DeckPageActionData>({ ok: true, intent: "list", message: outcome.message });
    }
    case "unlist": {
      const outcome = await unlistDeck(db, user, deckId);
      if (!outcome.ok) throw new Response(outcome.message, { status: 404 });
      return data<DeckPageActionData>({ ok: true, intent: "list", message: outcome.message });
    }
    case "rename": {
      if (!(await renameDeck(db, deckId, user.id, form.title))) throw new Response("Deck not found", { status: 404 });
      return data<DeckPageActionData>({ ok: true, intent: "rename", message: "Renamed." });
    }
    case "publish": {
      // Public means listed in the marketplace (decision 0054).
      const outcome = await publishDeck(db, user, deckId);
      if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
      if (!outcome.ok) return data<DeckPageActionData>({ ok: false, intent: "publish", message: outcome.message }, { status: outcome.status });
      tellOfListing(pushTargetOf(context), user.id, deckId, outcome.news, new URL(request.url).origin);
      return data<DeckPageActionData>({ ok: true, intent: "publish", message: outcome.message });
    }
    case "unpublish": {
      const outcome = await unlistDeck(db, user, deckId);
      if (!outcome.ok) throw new Response(outcome.message, { status: 404 });
      return data<DeckPageActionData>({ ok: true, intent: "unpublish", message: outcome.message });
    }
    case "delete": {
      const outcome = await deleteDeck(db, context.cloudflare.env.MEDIA, deckId, user.id);
      if (outcome === "not-found") throw new Response("Deck not found", { status: 404 });
      if (outcome === "has-buyers") {
        // People who bought the deck keep it: it leaves the marketplace instead, images and all.
        await unlistDeck(db, user, deckId);
        return data<DeckPageActionData>({
          ok: true,
          intent: "delete",
          message: "People have bought this deck, so it was not deleted: it is private and out of the marketplace, and its buyers keep it.",
        });
      }
      throw redirect("/collection");
    }
    case "regenerate": {
      const card = formText(formData).card ?? "";
      // The grid's repaint sends no words and keeps the card's; the card's page sends them, empty to clear them.
      const result = await regenerateCard(context, user, deckId, form.card, formData.has("prompt") ? form.prompt : undefined);
      if (!result.ok)
        return data<DeckPageActionData>({ ok: false, intent: "regenerate", card, message: result.message, ...fixPaymentOf(result) }, { status: result.status });
      return data<DeckPageActionData>({ ok: true, message: "Painting the card again…", intent: "regenerate", card });
    }
    case "retry": {
      const result = await retryDeck(context, user, deckId);
      if (!result.ok) return data<DeckPageActionData>({ ok: false, message: result.message, ...fixPaymentOf(result) }, { status: result.status });
      return data<DeckPageActionData>({ ok: true, message: "Making the deck again…" });
    }
    case "upgrade": {
      const result = await upgradeDeck(context, user, deckId);
      if (!result.ok) {
        const offer = "offer" in result ? result.offer : undefined;
        return data<DeckPageActionData>({ ok: false, message: result.message, offer, ...fixPaymentOf(result) }, { status: result.status });
      }
      return data<DeckPageActionData>({ ok: true, message: "Making the 56 Minor Arcana cards…" });
    }
    case "buy-explorer": {
      try {
        const { url } = await startExplorerCheckout(context, user, deckId, new URL(request.url).origin);
        throw redirect(url);
      } catch (error) {
        if (!(error instanceof PaymentsError)) throw error;
        if (error.status === 404) throw new Response(error.message, { status: 404 });
        return data<DeckPageActionData>({ ok: false, message: error.message }, { status: error.status });
      }
    }
  }
}
