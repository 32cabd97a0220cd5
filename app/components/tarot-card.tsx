import { cn } from "~/lib/cn";

/** A card face at the product's 3:4 shape; without art it shows a patterned back. */
export function TarotCardImage({
  src,
  alt,
  className,
  eager = false,
  width = 300,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
  width?: number;
}) {
  return (
    <div className={cn("card-frame relative aspect-[3/4] overflow-hidden bg-surface-2", className)}>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={Math.round((width * 4) / 3)}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          {...(eager ? { fetchpriority: "high" } : {})}
          className="h-full w-full object-cover"
        />
      ) : (
        <CardBack label={alt} />
      )}
    </div>
  );
}

export function CardBack({ label }: { label?: string }) {
  return (
    <div
      role={label ? "img" : undefined}
      aria-label={label}
      className="grid h-full w-full place-items-center bg-[radial-gradient(circle_at_50%_40%,var(--brand-soft),var(--surface-2))]"
    >
      <svg viewBox="0 0 60 80" aria-hidden="true" className="h-1/2 w-1/2 text-gold">
        <rect x="4" y="4" width="52" height="72" rx="6" fill="none" stroke="currentColor" strokeOpacity="0.6" />
        <path d="M30 18 L33 37 L48 40 L33 43 L30 62 L27 43 L12 40 L27 37 Z" fill="currentColor" />
      </svg>
    </div>
  );
}
