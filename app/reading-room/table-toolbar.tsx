import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** The row above the table: the shared zoom (its buttons for whoever leads), the gallery, sounds and the shortcuts' help. */
export function TableToolbar({
  leads,
  zoom,
  onZoom,
  onResetView,
  onGallery,
  sounds,
  onToggleSounds,
  onHelp,
}: {
  leads: boolean;
  zoom: number;
  onZoom: (factor: number) => void;
  onResetView: () => void;
  onGallery: () => void;
  sounds: boolean;
  onToggleSounds: () => void;
  onHelp: () => void;
}) {
  return (
    <div className="needs-script mb-2 flex flex-wrap items-center gap-1">
      {leads ? (
        <>
          <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => onZoom(0.8)} aria-label="Zoom out">
            −
          </button>
          <span className="w-12 text-center text-xs text-muted" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => onZoom(1.25)} aria-label="Zoom in">
            +
          </button>
          <button type="button" className={buttonClasses("ghost", "sm")} onClick={onResetView}>
            <span>
              Reset<span className="max-sm:sr-only"> view</span>
            </span>
          </button>
        </>
      ) : (
        <span className="text-xs text-muted" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </span>
      )}
      <span className="flex-1" />
      <button type="button" className={buttonClasses("ghost", "sm")} onClick={onGallery}>
        Gallery
      </button>
      {/* On a phone the row fits one line: the sounds show as a speaker, and the keyboard's shortcuts, of no use there, go. */}
      <button type="button" className={buttonClasses("ghost", "sm")} aria-pressed={sounds} onClick={onToggleSounds}>
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5 sm:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M11 5 6 9H3v6h3l5 4z" />
          {sounds ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 6 6M22 9l-6 6" />}
        </svg>
        <span className="max-sm:sr-only">{sounds ? "Sounds on" : "Sounds off"}</span>
      </button>
      <button type="button" className={cn(buttonClasses("ghost", "sm"), "max-sm:hidden")} onClick={onHelp} aria-label="Keyboard shortcuts">
        ?
      </button>
    </div>
  );
}
