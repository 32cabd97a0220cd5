import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export function Badge({ children, tone = "neutral", className }: { children: ReactNode; tone?: "neutral" | "gold" | "brand" | "success"; className?: string }) {
  const tones = {
    neutral: "bg-surface-2 text-muted border-line",
    gold: "bg-transparent text-gold border-gold-bright/60",
    brand: "bg-brand-soft text-ink border-transparent",
    success: "bg-emerald-100 text-emerald-900 border-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:border-emerald-800",
  } as const;
  return <span className={cn("inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium", tones[tone], className)}>{children}</span>;
}
