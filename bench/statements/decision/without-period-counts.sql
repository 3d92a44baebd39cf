-- A bound, not a design: coin_totals' counts of users per period and per score (seva_count_period_users) not kept.
drop trigger coin_totals_users_counted_inserted on coin_totals;
drop trigger coin_totals_users_counted_updated on coin_totals;
