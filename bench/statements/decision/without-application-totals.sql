-- A bound, not a design: the applications' totals (seva_application_totals) not kept on an update.
drop trigger applications_totals_updated on applications;
