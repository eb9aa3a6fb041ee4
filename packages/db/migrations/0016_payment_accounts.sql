CREATE TABLE "payment_account" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"live_mode" boolean NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"webhook_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_account_provider" CHECK ("payment_account"."provider" in ('stripe'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_account_webhook" ON "payment_account" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_event_received" ON "payment_webhook_event" USING btree ("received_at");--> statement-breakpoint
-- Which provider a restaurant's payments go to is part of its setup, kept in each process's memory
-- (apps/api/src/shared/restaurant-setup.ts): saving or removing an account must reach every process.
CREATE TRIGGER payment_account_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_account"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
