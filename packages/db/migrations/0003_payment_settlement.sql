CREATE TABLE "payment_refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_amount" CHECK ("payment_refund"."amount_minor" > 0)
);
--> statement-breakpoint
DROP INDEX "payment_checkout";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Payments written before attempts were numbered were grouped by their created_at: number those groups per checkout in time order.
UPDATE "payment" AS p SET "attempt" = numbered.n FROM (SELECT "id", dense_rank() OVER (PARTITION BY "checkout_id" ORDER BY "created_at") AS n FROM "payment") AS numbered WHERE numbered."id" = p."id";--> statement-breakpoint
-- Pay at pickup (UNPAID 2) is settled when created: AUTHORIZED 128 instead of waiting in CREATED 1, and the
-- sweeper places any missing order. Only for recent ones (the default PAYMENT_EXPIRY_MINUTES): an older one
-- stays CREATED, so the sweeper expires it like any abandoned payment (gift cards back, checkout reopened)
-- instead of placing an order the guest may have given up on.
UPDATE "payment" SET "state" = 128 WHERE "type" = 2 AND "state" = 1 AND "created_at" > now() - interval '30 minutes';--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_payment" ON "payment_refund" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refund_due" ON "payment_refund" USING btree ("done_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "checkout_state" ON "checkout" USING btree ("state");--> statement-breakpoint
CREATE INDEX "checkout_discount_checkout" ON "checkout_discount" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "checkout_giftcard_checkout" ON "checkout_giftcard" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "module_unit" ON "module" USING btree ("production_unit_id");--> statement-breakpoint
CREATE INDEX "module_domain_module" ON "module_domain" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "payment_checkout_attempt" ON "payment" USING btree ("checkout_id","attempt");--> statement-breakpoint
CREATE INDEX "payment_state_created" ON "payment" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_attempt" CHECK ("payment"."attempt" >= 1);