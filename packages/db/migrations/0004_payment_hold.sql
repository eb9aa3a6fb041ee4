CREATE TABLE "payment_hold" (
	"checkout_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"capacity_instance_id" integer,
	"slot_start" timestamp with time zone,
	"items" integer DEFAULT 0 NOT NULL,
	"discount_code_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_hold_checkout_id_attempt_pk" PRIMARY KEY("checkout_id","attempt"),
	CONSTRAINT "payment_hold_items" CHECK ("payment_hold"."items" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_hold" ADD CONSTRAINT "payment_hold_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_hold" ADD CONSTRAINT "payment_hold_capacity_instance_id_capacity_instance_id_fk" FOREIGN KEY ("capacity_instance_id") REFERENCES "public"."capacity_instance"("id") ON DELETE set null ON UPDATE no action;