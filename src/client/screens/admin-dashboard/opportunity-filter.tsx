import type { ComboboxOption } from "@client/components/ui/search-combobox";
import { SearchCombobox } from "@client/components/ui/search-combobox";
import { useAdminOpportunitiesPage } from "@client/features/opportunities/api";
import { STATUS_LABELS } from "@client/lib/opportunity-labels";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { useState } from "react";

/** Matches offered at a time; typing narrows them on the server. */
const OPTIONS_SHOWN = 20;

interface OpportunityFilterProps {
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  className?: string;
}

/**
 * Narrows a queue to one opportunity, found by typing part of its title among every opportunity there is. The
 * matches are first asked for when the list is first opened, not with the dashboard (ADR 0046).
 */
export function OpportunityFilter({ value, onChange, className }: OpportunityFilterProps) {
  const [search, setSearch] = useState("");
  const [isWanted, setWanted] = useState(false);
  const settled = useDebouncedValue(search.trim());
  const matches = useAdminOpportunitiesPage(
    { search: settled || undefined, limit: OPTIONS_SHOWN },
    { enabled: isWanted },
  );
  const options = (matches.data?.items ?? []).map((opportunity) => ({
    id: opportunity.id,
    label: opportunity.title,
    detail: STATUS_LABELS[opportunity.status],
  }));
  return (
    <SearchCombobox
      label="Opportunity"
      noneLabel="All opportunities"
      value={value}
      onChange={onChange}
      onSearchChange={(text) => {
        setWanted(true);
        setSearch(text);
      }}
      options={options}
      total={matches.data?.total}
      isLoading={matches.isFetching || settled !== search.trim()}
      className={className}
    />
  );
}
