-- A bound, not a design: none of the ledger's totals kept (and so none of coin_totals' counts of users).
drop trigger coin_ledger_totals_added on coin_ledger;
