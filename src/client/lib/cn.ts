/** Joins class names, skipping falsy ones, so conditional Tailwind classes read in one expression. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
