CREATE TABLE "kitchen_order" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"production_unit_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ready_time" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"reject_reason" text,
	"reject_text" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_order_status" CHECK ("kitchen_order"."status" in ('new', 'accepted', 'ready', 'picked-up', 'rejected')),
	CONSTRAINT "kitchen_order_reject_reason" CHECK ("kitchen_order"."reject_reason" is null or "kitchen_order"."reject_reason" in ('sold-out', 'closed', 'too-busy', 'other'))
);
--> statement-breakpoint
CREATE TABLE "ordering_pause" (
	"production_unit_id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"busy_minutes" integer DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_event" (
	"production_unit_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_event_production_unit_id_seq_pk" PRIMARY KEY("production_unit_id","seq")
);
--> statement-breakpoint
CREATE TABLE "restaurant_event_sequence" (
	"production_unit_id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_presence" (
	"production_unit_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"production_unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_message" ADD COLUMN "kind" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_message" ADD COLUMN "dedupe_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_choice" ADD COLUMN "until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocked_product" ADD COLUMN "until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kitchen_order" ADD CONSTRAINT "kitchen_order_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_order" ADD CONSTRAINT "kitchen_order_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_pause" ADD CONSTRAINT "ordering_pause_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_event" ADD CONSTRAINT "restaurant_event_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_event_sequence" ADD CONSTRAINT "restaurant_event_sequence_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_presence" ADD CONSTRAINT "screen_presence_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert" ADD CONSTRAINT "staff_alert_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert" ADD CONSTRAINT "staff_alert_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_order_unit_status" ON "kitchen_order" USING btree ("production_unit_id","status");--> statement-breakpoint
CREATE INDEX "kitchen_order_unit_created" ON "kitchen_order" USING btree ("production_unit_id","created_at");--> statement-breakpoint
CREATE INDEX "restaurant_event_created" ON "restaurant_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_alert_due" ON "staff_alert" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "staff_alert_unit_kind" ON "staff_alert" USING btree ("production_unit_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_message_once" ON "receipt_message" USING btree ("order_id","channel","kind","dedupe_key");--> statement-breakpoint
ALTER TABLE "receipt_message" ADD CONSTRAINT "receipt_message_kind" CHECK ("receipt_message"."kind" in ('receipt', 'ready-time-changed', 'ready', 'rejected'));--> statement-breakpoint
-- Orders placed before the kitchen status existed: one still to come is new, an older one was handed out.
INSERT INTO "kitchen_order" ("order_id", "production_unit_id", "status", "ready_time", "changed_at", "created_at")
SELECT "id", "production_unit_id",
       CASE WHEN "order_ready_time" > now() - interval '1 hour' THEN 'new' ELSE 'picked-up' END,
       "order_ready_time", "created_at", "created_at"
FROM "order";
--> statement-breakpoint
-- The doorbell of the restaurant's event log: every process streaming to staff screens hears, at commit, which
-- restaurant has new events, and reads them from the table (the notification carries nothing else).
CREATE FUNCTION restaurant_event_doorbell() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('restaurant_event', NEW.production_unit_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER restaurant_event_doorbell AFTER INSERT ON "restaurant_event"
FOR EACH ROW EXECUTE FUNCTION restaurant_event_doorbell();
--> statement-breakpoint
-- The storefront's page and the pickup slots carry the pause (kept under the change feed like the rest of the
-- restaurant's setup): every change of it notifies, whoever writes it (migration 0006's function).
CREATE TRIGGER ordering_pause_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ordering_pause"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
