import { cn } from "@client/lib/cn";
import type { Role } from "@shared/domain/enums";

export function roleLabel(role: Role): string {
  return role === "admin" ? "Administrator" : "Student";
}

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 font-semibold text-xs",
        role === "admin" ? "bg-indigo-100 text-indigo-800" : "bg-saffron-100 text-saffron-900",
        className,
      )}
    >
      {roleLabel(role)}
    </span>
  );
}
