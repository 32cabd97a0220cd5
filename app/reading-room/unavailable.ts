/** A control's `disabled` and `title` from the reason it is unavailable (null when it is available). */
export const unavailable = (reason: string | null) => ({ disabled: reason !== null, title: reason ?? undefined });
