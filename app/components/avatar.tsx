import { cn } from "~/lib/cn";

/** A round avatar: the picture when there is one, else the name's initial on a tinted disc. */
export function Avatar({ name, url, size = 40, className }: { name: string; url: string | null; size?: number; className?: string }) {
  const style = { width: size, height: size };
  if (url) {
    return <img src={url} alt="" width={size} height={size} style={style} className={cn("rounded-full object-cover", className)} />;
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.42 }}
      className={cn("grid place-items-center rounded-full bg-brand-soft font-display font-bold text-ink", className)}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
