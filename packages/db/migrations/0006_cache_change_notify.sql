-- Change notifications for the API's in-memory caches (packages/db/src/change-feed.ts).
-- Every statement that changes a table an API process keeps answers of in memory sends
-- NOTIFY cache_changed with the table's name, delivered at commit to every listening process, which
-- then forgets what it holds. Catalogue rows reach this through their instance: every change of one
-- bumps menu_instance/product_instance.catalogue_version (0002), whose UPDATE notifies here.
-- Statement-level, and PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION notify_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER production_unit_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "production_unit"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER module_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER module_domain_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module_domain"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER language_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "language"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER app_setting_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_setting"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER business_hours_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER closed_date_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_date"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER menu_instance_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_instance"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER product_instance_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_instance"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_product_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocked_product"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_choice_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocked_choice"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
