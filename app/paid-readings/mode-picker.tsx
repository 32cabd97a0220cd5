import { READING_MODE_HINTS, READING_MODES, READING_MODE_LABELS } from "./rules";

/** How a client chooses to meet a reader, asked on the spot or booked ahead: chat, voice or video, chat first. */
export function ModePicker() {
  return (
    <fieldset>
      <legend className="font-semibold">How would you like to meet?</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {READING_MODES.map((mode, i) => (
          <label
            key={mode}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line p-4 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
          >
            <input
              type="radio"
              name="mode"
              value={mode}
              defaultChecked={i === 0}
              aria-labelledby={`mode-${mode}`}
              aria-describedby={`mode-${mode}-hint`}
              className="mt-1"
            />
            <span>
              <span id={`mode-${mode}`} className="block">
                {READING_MODE_LABELS[mode]}
              </span>
              <span id={`mode-${mode}-hint`} className="block text-sm text-muted">
                {READING_MODE_HINTS[mode]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
