CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"organisation_id" integer NOT NULL,
	"production_unit_id" integer,
	"account_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "brand_image" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"organisation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_role" CHECK ("membership"."role" in ('owner', 'manager', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "membership_unit" (
	"membership_id" integer NOT NULL,
	"production_unit_id" integer NOT NULL,
	CONSTRAINT "membership_unit_membership_id_production_unit_id_pk" PRIMARY KEY("membership_id","production_unit_id")
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_link" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_link_purpose" CHECK ("staff_link"."purpose" in ('invite', 'reset', 'setup'))
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "production_unit" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_staff_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_image" ADD CONSTRAINT "brand_image_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_account_id_staff_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_unit" ADD CONSTRAINT "membership_unit_membership_id_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."membership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_unit" ADD CONSTRAINT "membership_unit_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_account_id_staff_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_account_id_staff_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_organisation_at" ON "audit_log" USING btree ("organisation_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_unit_at" ON "audit_log" USING btree ("production_unit_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_account_organisation" ON "membership" USING btree ("account_id","organisation_id");--> statement-breakpoint
CREATE INDEX "membership_organisation" ON "membership" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_account_email" ON "staff_account" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_link_account" ON "staff_link" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "staff_session_account" ON "staff_session" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "production_unit" ADD CONSTRAINT "production_unit_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE restrict ON UPDATE no action;