import { useEffect, useLayoutEffect, useRef, useState } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * In the browser the field follows the server in the same commit that brings its value, before the
 * page is painted and anyone can type into it or press a button (a passive effect may run after);
 * on the server, where there is nothing to follow, the plain effect that never runs.
 */
const useCommitEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** A textarea's value has bare line feeds; what a form sends, and so what the server keeps, has CRLF. */
const sameText = (value: string) => value.replace(/\r\n?/g, "\n");

export type SavedFieldState = {
  /** What the field holds now. */
  value: string;
  /** What the server held when the field last showed it. */
  shown: string;
  /** What the field held when its form was last sent; null before. */
  sent: string | null;
  /** What the server holds now. */
  saved: string;
  /** The server's tidy form of a value (tags in lower case), so a tidied save counts as the one sent. */
  tidy?: (value: string) => string;
};

/**
 * What a field does when the server's value changes under it (decision 0111): it shows the new
 * value when the person has not typed since it was shown or since they sent it (their own save,
 * tidied), or when it already holds it; and what they typed is based on the new version when it
 * was theirs, already held, or untouched. Text typed after a save is never thrown away, and text
 * typed over someone else's save stays based on the older version, so saving it is refused as
 * stale rather than written over theirs.
 */
export function followSaved({ value, shown, sent, saved, tidy = (text) => text }: SavedFieldState): { take: boolean; rebase: boolean } {
  const same = (a: string, b: string) => tidy(sameText(a)) === tidy(sameText(b));
  const untouched = sameText(value) === sameText(shown);
  const ours = sent !== null && same(sent, saved);
  // The field already holds what the server saved (a form the outbox sent later, with no submit seen here).
  const inStep = same(value, saved);
  return { take: untouched || inStep || (ours && sameText(value) === sameText(sent)), rebase: untouched || ours || inStep };
}

/**
 * A form field (uncontrolled, with `defaultValue`) that follows the server's value by `followSaved`
 * instead of being remounted, so nothing typed while a save comes back is lost. `version` is the
 * server's count of saves; `basedOn` is the one the field's text builds on, for the form's stale check.
 */
export function useSavedField<T extends Field>(saved: string, version = 0, tidy?: (value: string) => string) {
  const ref = useRef<T>(null);
  const shown = useRef(saved);
  const sent = useRef<string | null>(null);
  const [basedOn, setBasedOn] = useState(version);
  const rule = useRef(tidy);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const remember = () => {
      sent.current = ref.current?.value ?? null;
    };
    form.addEventListener("submit", remember);
    return () => form.removeEventListener("submit", remember);
  }, []);
  useCommitEffect(() => {
    const field = ref.current;
    if (!field) return;
    const next = followSaved({ value: field.value, shown: shown.current, sent: sent.current, saved, tidy: rule.current });
    if (next.take) {
      if (sameText(field.value) !== sameText(saved)) field.value = saved;
      shown.current = saved;
    }
    if (next.rebase) setBasedOn(version);
  }, [saved, version]);
  return { ref, basedOn };
}
