-- A bound, not a design: no aggregate kept on an approval's path (change notices and foreign keys kept).
drop trigger coin_totals_users_counted_inserted on coin_totals;
drop trigger coin_totals_users_counted_updated on coin_totals;
drop trigger applications_totals_updated on applications;
drop trigger coin_ledger_totals_added on coin_ledger;
drop trigger users_balances_counted_updated on users;
drop trigger users_totals_updated on users;
