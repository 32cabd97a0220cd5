import { Form } from "@remix-run/react";
import { BACK_DESIGNS } from "../art/local-art";
import { ActionMessage } from "../components/action-message";
import { buttonClasses } from "../components/ui/button";
import { AVATAR_ACCEPT } from "../profile/avatar";
import type { DeckBack } from "./card-back";
import { cardBackUrl } from "./images";

/** The owner's choice of card back: the painted designs of the deck's theme and style, or a picture of their own. */
export function CardBackChooser({
  deck,
  message,
}: {
  deck: { theme: string; artStyle: string | null; back: DeckBack; backUrl: string };
  message: string | null;
}) {
  const current = deck.back.kind === "painted" ? deck.back.design : null;
  return (
    <div className="grid gap-4">
      <p className="font-semibold">Card back</p>
      <p className="text-sm text-muted">Shown on your deck's pile in readings, on this page and in its prints.</p>
      {message ? <ActionMessage ok={false}>{message}</ActionMessage> : null}
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="back" />
        <fieldset className="grid grid-cols-4 gap-2">
          <legend className="sr-only">Painted backs</legend>
          {Array.from({ length: BACK_DESIGNS }, (_, design) => (
            <label key={design} className="grid cursor-pointer justify-items-center gap-1 text-xs">
              <img
                src={cardBackUrl(deck.theme, deck.artStyle, design)}
                alt=""
                width={60}
                height={80}
                loading="lazy"
                className="aspect-[3/4] w-full max-w-[4.5rem] rounded-md border border-line"
              />
              <span className="flex items-center gap-1">
                <input type="radio" name="design" value={design} defaultChecked={current === design} required />
                Design {design + 1}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className={`${buttonClasses("primary", "sm")} justify-self-start`}>
          Use this back
        </button>
      </Form>
      <Form method="post" encType="multipart/form-data" className="grid gap-2 border-t border-line pt-4">
        <input type="hidden" name="intent" value="back-upload" />
        <label className="text-sm font-semibold">
          Or upload your own (JPG, PNG, GIF or WebP, under 5 MB)
          <input type="file" name="back" accept={AVATAR_ACCEPT} required className="mt-1 block w-full text-sm" />
        </label>
        <button type="submit" className={`${buttonClasses("secondary", "sm")} justify-self-start`}>
          Upload the back
        </button>
        {deck.back.kind === "upload" ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <img src={deck.backUrl} alt="Your card back" width={45} height={60} className="aspect-[3/4] w-12 rounded border border-line object-cover" />
            Your own back is in use.
          </p>
        ) : null}
      </Form>
    </div>
  );
}
