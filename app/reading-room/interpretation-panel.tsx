import { useEffect, useRef } from "react";
import { ListenButton } from "~/components/listen-button";
import { WrittenByAi } from "~/components/written-by-ai";
import { ReadingText } from "./reading-text";
import type { RoomState } from "./state";

/**
 * The interpretation under the table, once one is asked for. When it starts, it is brought into view
 * wherever the person was looking; also when it arrives whole at once (a short one, or a tab that was
 * busy), never for one already there on load.
 */
export function InterpretationPanel({ interpretation }: { interpretation: RoomState["interpretation"] }) {
  const panelRef = useRef<HTMLElement>(null);
  const interpreted = interpretation.status !== "idle";
  const interpretedOnLoad = useRef(interpreted);
  useEffect(() => {
    if (!interpreted) {
      interpretedOnLoad.current = false;
      return;
    }
    if (interpretedOnLoad.current) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    panelRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [interpreted]);
  if (!interpreted) return null;
  return (
    <section
      ref={panelRef}
      aria-labelledby="interpretation-heading"
      className="mb-4 scroll-mt-4 rounded-3xl border border-line bg-surface/80 p-5 text-left"
      data-testid="interpretation-panel"
    >
      <h2 id="interpretation-heading" className="text-xl font-semibold">
        Interpretation{interpretation.status === "writing" ? "…" : ""}
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <WrittenByAi />
        {interpretation.status === "done" ? <ListenButton text={interpretation.text} label="Listen to it" /> : null}
      </div>
      {interpretation.status === "writing" && !interpretation.text ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted" data-testid="interpretation-cue">
          <span className="h-2 w-2 animate-pulse rounded-full bg-brand motion-reduce:animate-none" aria-hidden="true" />
          The cards are being read…
        </p>
      ) : null}
      <div className="mt-2 text-sm leading-relaxed" data-testid="interpretation" aria-live="polite">
        <ReadingText text={interpretation.text} />
      </div>
    </section>
  );
}
