import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import { Check, ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Input } from "./field";

export interface ComboboxOption {
  id: number;
  label: string;
  /** A second, quieter line: the opportunity's status, say. */
  detail?: string;
}

interface SearchComboboxProps {
  label: string;
  hint?: string;
  /** The chosen option; null means the "none" entry (every activity, every opportunity). */
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  /** Called with the text typed; the caller asks the server for the matching options. */
  onSearchChange: (text: string) => void;
  /** The options matching the text typed, as the server answered them (one page). */
  options: readonly ComboboxOption[];
  /** How many options match in all, when more match than are shown. */
  total?: number;
  isLoading?: boolean;
  /** The first entry, which clears the choice: "All activities". */
  noneLabel: string;
  className?: string;
}

/**
 * A text box that searches a long list on the server and offers the matches below it (the WAI-ARIA combobox with
 * a listbox popup). For pickers of hundreds of opportunities, where a <select> would hold only the first page.
 */
export function SearchCombobox({
  label,
  hint,
  value,
  onChange,
  onSearchChange,
  options,
  total,
  isLoading,
  noneLabel,
  className,
}: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // Entry 0 is the "none" entry; the options follow it.
  const entries: (ComboboxOption | null)[] = [null, ...options];
  const optionId = (index: number) => `${id}-option-${index}`;

  const openWith = (nextText: string) => {
    setText(nextText);
    setActive(0);
    setOpen(true);
    onSearchChange(nextText);
  };
  const choose = (option: ComboboxOption | null) => {
    onChange(option);
    setOpen(false);
    setText("");
    onSearchChange("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openWith("");
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + entries.length) % entries.length);
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      choose(entries[active] ?? null);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setText("");
    }
  };

  const shownText = open ? text : (value?.label ?? "");
  const more = total !== undefined && total > options.length;
  const status = isLoading
    ? "Searching…"
    : options.length === 0 && text
      ? "No match; try fewer letters"
      : more
        ? `${formatNumber(options.length)} of ${formatNumber(total)} shown; type to narrow`
        : `${formatNumber(options.length)} ${options.length === 1 ? "match" : "matches"}`;

  return (
    <div className={cn("relative grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-sm text-stone-800">
        {label}
      </label>
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? optionId(active) : undefined}
          aria-describedby={
            [hint ? hintId : undefined, open ? statusId : undefined].filter(Boolean).join(" ") || undefined
          }
          autoComplete="off"
          placeholder={value ? value.label : noneLabel}
          value={shownText}
          onChange={(event) => openWith(event.target.value)}
          onFocus={(event) => event.target.select()}
          onClick={() => !open && openWith("")}
          onBlur={() => {
            setOpen(false);
            setText("");
          }}
          onKeyDown={onKeyDown}
          className="pr-9"
        />
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-600"
        />
      </div>
      {hint && (
        <p id={hintId} className="text-stone-600 text-xs">
          {hint}
        </p>
      )}
      <div
        className={cn(
          "absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-lg border border-stone-300 bg-white shadow-lg",
          !open && "hidden",
        )}
      >
        <div id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto py-1">
          {entries.map((entry, index) => {
            const selected = entry === null ? value === null : entry.id === value?.id;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keys (WAI-ARIA combobox pattern)
              <div
                key={entry?.id ?? "none"}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                // Focus stays in the text box, which points at the active option (aria-activedescendant).
                tabIndex={-1}
                // Keeps the focus in the text box, so the choice does not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(entry)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  "flex cursor-pointer items-start gap-2 px-3 py-2 text-sm text-stone-800",
                  index === active && "bg-indigo-50 text-indigo-950",
                )}
              >
                <Check aria-hidden className={cn("mt-0.5 size-4 shrink-0", !selected && "invisible")} />
                <span className="grid min-w-0">
                  <span className="truncate">{entry?.label ?? noneLabel}</span>
                  {entry?.detail && <span className="text-stone-600 text-xs">{entry.detail}</span>}
                </span>
              </div>
            );
          })}
        </div>
        <p
          id={statusId}
          className="border-stone-200 border-t px-3 py-1.5 text-stone-600 text-xs"
          aria-live="polite"
        >
          {status}
        </p>
      </div>
    </div>
  );
}
