import { CircleAlert } from "lucide-react";

/**
 * Why a form's submission failed, shown next to the form (a toast may say it too, but disappears). Announced as
 * it appears; renders nothing while there is no message.
 */
export function FormAlert({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900 text-sm"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
      <p>
        <span className="font-semibold">{title}. </span>
        {message}
      </p>
    </div>
  );
}
