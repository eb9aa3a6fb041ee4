-- A guest's basket, checkout and payment are read from the database on every request
-- (docs/decisions/021-one-caching-story.md): nothing keeps their answers in memory any more, so the row-level
-- notifications of migration 0007 go, and guest writes notify nobody. Catalogue and setup changes still
-- notify cache_changed (0006, 0008).
DROP TRIGGER IF EXISTS basket_row_changed ON "basket";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_row_changed ON "checkout";
--> statement-breakpoint
DROP TRIGGER IF EXISTS discount_code_row_changed ON "discount_code";
--> statement-breakpoint
DROP TRIGGER IF EXISTS basket_item_row_changed ON "basket_item";
--> statement-breakpoint
DROP TRIGGER IF EXISTS basket_item_choice_row_changed ON "basket_item_choice";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_discount_row_changed ON "checkout_discount";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_giftcard_row_changed ON "checkout_giftcard";
--> statement-breakpoint
DROP TRIGGER IF EXISTS payment_row_changed ON "payment";
--> statement-breakpoint
DROP TRIGGER IF EXISTS basket_truncated ON "basket";
--> statement-breakpoint
DROP TRIGGER IF EXISTS basket_item_truncated ON "basket_item";
--> statement-breakpoint
DROP TRIGGER IF EXISTS basket_item_choice_truncated ON "basket_item_choice";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_truncated ON "checkout";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_discount_truncated ON "checkout_discount";
--> statement-breakpoint
DROP TRIGGER IF EXISTS checkout_giftcard_truncated ON "checkout_giftcard";
--> statement-breakpoint
DROP TRIGGER IF EXISTS payment_truncated ON "payment";
--> statement-breakpoint
DROP TRIGGER IF EXISTS discount_code_truncated ON "discount_code";
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_row_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_row_changed_of_basket();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_row_changed_of_checkout();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_row_changed_of_line();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_everything_changed();
