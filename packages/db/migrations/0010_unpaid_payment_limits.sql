ALTER TABLE "payment" ADD COLUMN "client_token_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_page_url" text;--> statement-breakpoint
CREATE INDEX "payment_unpaid_token" ON "payment" USING btree ("client_token_id") WHERE "payment"."state" = 1;--> statement-breakpoint
CREATE INDEX "payment_unpaid_address" ON "payment" USING btree ("client_address") WHERE "payment"."state" = 1;--> statement-breakpoint
CREATE INDEX "payment_address_created" ON "payment" USING btree ("client_address","created_at");--> statement-breakpoint
-- Payments waiting when this runs were handed the provider's page directly, so their opening was never recorded:
-- count them as opened, so the sweeper gives them the full PAYMENT_EXPIRY_MINUTES as before (decision 025).
UPDATE "payment" SET "opened_at" = "created_at" WHERE "state" = 1;
