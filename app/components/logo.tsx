import { cn } from "~/lib/cn";

/** The eight-pointed star mark. Decorative: the wordmark next to it carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("h-7 w-7", className)}>
      <circle cx="16" cy="16" r="15" fill="none" stroke="currentColor" strokeOpacity="0.35" />
      <path d="M16 2 L18.6 13.4 L30 16 L18.6 18.6 L16 30 L13.4 18.6 L2 16 L13.4 13.4 Z" fill="currentColor" />
      <path d="M16 7 L17.2 14.8 L25 16 L17.2 17.2 L16 25 L14.8 17.2 L7 16 L14.8 14.8 Z" fill="var(--bg)" opacity="0.85" />
      <circle cx="16" cy="16" r="2.2" fill="currentColor" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-gold", className)}>
      <LogoMark />
      <span className="font-display text-2xl font-bold tracking-wide text-ink">Arcanum</span>
    </span>
  );
}
