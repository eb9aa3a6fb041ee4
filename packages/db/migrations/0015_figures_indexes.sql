CREATE INDEX "order_unit_created" ON "order" USING btree ("production_unit_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refund_created" ON "order_refund" USING btree ("created_at");