-- A student's own list of applications shows the hours under review on each, which a submission, a decision or a
-- supervisor's answer changes, the last without touching the application. The list waited on the bare topic
-- hour_submissions, so anyone's hours, submitted, decided or confirmed, dropped every student's cached list. Each
-- changed hour submission now also announces its owner's part, applications:user:<id> (change-tracker.ts
-- ALSO_ANNOUNCED_BY), and the list waits on that instead. The bare topic stays for the lists of everyone's hours.
--
-- When an application is deleted its hour submissions go with it (cascade), after it: the lookup below then finds
-- no owner, and the application's own trigger has announced that part already.
CREATE FUNCTION seva_notify_hours_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on INSERT and NEW on DELETE; an update never moves a submission, but both sides are announced.
  PERFORM seva_notify('applications:user:' || a.user_id)
    FROM applications a WHERE a.id IN (NEW.application_id, OLD.application_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER hour_submissions_owner_changed AFTER INSERT OR DELETE ON "hour_submissions"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_hours_owner();
--> statement-breakpoint
CREATE TRIGGER hour_submissions_owner_updated AFTER UPDATE ON "hour_submissions"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_hours_owner();
