-- A restaurant's setup that the API keeps in memory besides its menus (apps/api/src/shared/restaurant-setup.ts):
-- checkout options, kitchen capacity per slot and the payment provider are read by every guest's checkout, and
-- change only when the restaurant edits them. Like 0006: every statement that changes one sends
-- NOTIFY cache_changed, delivered at commit to every listening process, which then forgets what it holds.
CREATE TRIGGER checkout_instance_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "checkout_instance"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER capacity_instance_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "capacity_instance"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER payment_instance_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_instance"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
