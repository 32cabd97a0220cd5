import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button";

/**
 * A modal sheet on the native dialog element (focus trap and Escape come with it). The dialog fills
 * the screen and the sheet lies in its middle; a click on the shade around it closes it, as Escape
 * and its Close button do.
 */
export function Sheet({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-label={label} onClose={onClose} className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 text-ink backdrop:bg-black/50">
      <div className="absolute inset-0 z-10 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-xl">
        {children}
        <button type="button" onClick={onClose} className={`${buttonClasses("secondary", "sm")} mt-5`}>
          Close
        </button>
      </div>
      {/* The shade, after the sheet so that opening focuses the sheet's first control; the keyboard has Escape and Close. */}
      <button type="button" tabIndex={-1} aria-hidden="true" onClick={onClose} className="absolute inset-0 cursor-default" />
    </dialog>
  );
}
