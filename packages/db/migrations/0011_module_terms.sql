CREATE TABLE "module_terms" (
	"module_id" integer PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"effective_from" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "module_terms" ADD CONSTRAINT "module_terms_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The API keeps GET /terms/{moduleId}'s answer in memory (config cache): like 0006, a change notifies.
CREATE TRIGGER module_terms_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module_terms"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
