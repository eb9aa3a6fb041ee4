ALTER TABLE "order_refund" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "provider_key_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payment_account" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_provider_refund" ON "order_refund" USING btree ("provider_refund_id");