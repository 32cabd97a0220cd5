import { Slot } from "@radix-ui/react-slot";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * A disabled button looks unavailable rather than faded: a flat muted face, a dashed edge, no hover or
 * press effect, and the not-allowed cursor. Say why it is disabled next to it or in its title.
 */
const variants = {
  primary:
    "bg-brand text-brand-ink shadow-sm not-disabled:hover:brightness-110 not-disabled:active:brightness-95 border border-transparent disabled:bg-surface-2 disabled:text-muted disabled:border-line disabled:border-dashed disabled:shadow-none",
  secondary: "bg-surface text-ink border border-line not-disabled:hover:bg-surface-2 disabled:bg-surface-2 disabled:text-muted disabled:border-dashed",
  ghost: "text-ink not-disabled:hover:bg-surface-2 border border-transparent disabled:text-muted",
  gold: "bg-gold-bright text-[#241a05] not-disabled:hover:brightness-105 border border-transparent shadow-sm disabled:bg-surface-2 disabled:text-muted disabled:border-line disabled:border-dashed disabled:shadow-none",
  /** For what cannot be undone. */
  danger:
    "bg-surface text-danger border border-danger/60 not-disabled:hover:bg-danger/10 disabled:bg-surface-2 disabled:text-muted disabled:border-line disabled:border-dashed",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
  /** As tall as `lg` for a thumb, with the padding of `sm`: two or three side by side on a phone. */
  thumb: "h-12 px-3 text-sm",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function buttonClasses(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md") {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-medium transition select-none disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = "primary", size = "md", asChild, className, ...props }, ref) {
  const Component = asChild ? Slot : "button";
  return <Component ref={ref} className={cn(buttonClasses(variant, size), className)} {...props} />;
});
