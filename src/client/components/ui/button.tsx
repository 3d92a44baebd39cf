import { cn } from "@client/lib/cn";
import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive" | "onDark";
export type ButtonSize = "sm" | "md" | "lg";

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-saffron-700 text-white shadow-sm hover:bg-saffron-800",
  secondary: "bg-indigo-700 text-white shadow-sm hover:bg-indigo-800",
  outline: "border border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50",
  ghost: "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  onDark: "border border-white/40 bg-white/10 text-white hover:bg-white/20",
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: "h-9 gap-1.5 px-3 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
  lg: "h-12 gap-2 px-6 text-base",
};

/** The look of a button, shared by <Button> and by router links that should read as calls to action. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cn(
    "inline-flex select-none items-center justify-center whitespace-nowrap rounded-lg font-semibold transition-colors",
    "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
    variantClasses[variant],
    sizeClasses[size],
  );
}

interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while a request is under way. */
  isPending?: boolean;
}

export function Button({
  variant,
  size,
  isPending = false,
  className,
  children,
  disabled,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      disabled={disabled || isPending}
      {...props}
    >
      {isPending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
