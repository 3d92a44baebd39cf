import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { filtersFromParams, type OpportunityFilters, paramsFromFilters } from "./opportunity-filters";

/**
 * The filters held in the address. A change replaces the current history entry: the back button leaves the
 * search rather than stepping through every tick of it.
 */
export function useFilterAddress() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const update = useCallback(
    (patch: Partial<OpportunityFilters>) =>
      setParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...patch }), {
        replace: true,
      }),
    [setParams],
  );
  return { filters, update };
}

type TextFilter = "search" | "location" | "minCoinsPerHour";

/**
 * A typed filter: the box shows every key at once, the address (and so the server) gets the text once typing
 * pauses. When the address changes otherwise (Clear Filters, back), the box follows it.
 */
export function useTypedFilter(
  name: TextFilter,
  addressValue: string,
  update: (patch: Partial<OpportunityFilters>) => void,
) {
  const [draft, setDraft] = useState(addressValue);
  const settled = useDebouncedValue(draft);
  const written = useRef(addressValue);
  useEffect(() => {
    const value = settled.trim();
    if (value === written.current) return;
    written.current = value;
    update({ [name]: value });
  }, [settled, name, update]);
  // Follows the address only when it changes: a value the address drops as invalid (coins over 1,000) stays in
  // the box, where the browser marks it, instead of vanishing under the student's fingers.
  const followed = useRef(addressValue);
  useEffect(() => {
    if (addressValue === followed.current) return;
    followed.current = addressValue;
    if (addressValue === written.current) return;
    written.current = addressValue;
    setDraft(addressValue);
  }, [addressValue]);
  return [draft, setDraft] as const;
}

const WIDE = "(min-width: 1024px)";

/** Whether the screen is wide enough for the filters beside the list (Tailwind's `lg`). */
export function useIsWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(WIDE);
      query?.addEventListener("change", onChange);
      return () => query?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(WIDE).matches ?? true,
  );
}
