CREATE TABLE "capacity_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"capacity_instance_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"starts" text NOT NULL,
	"ends" text NOT NULL,
	"items_per_slot" integer NOT NULL,
	CONSTRAINT "capacity_rule_weekday" CHECK ("capacity_rule"."weekday" between 1 and 7),
	CONSTRAINT "capacity_rule_items" CHECK ("capacity_rule"."items_per_slot" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_image" (
	"hash" text PRIMARY KEY NOT NULL,
	"product_instance_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_image_variant" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "menu_image_variant_hash_width_pk" PRIMARY KEY("hash","width")
);
--> statement-breakpoint
CREATE TABLE "order_refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"kind" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_amount" CHECK ("order_refund"."amount_minor" > 0),
	CONSTRAINT "order_refund_kind" CHECK ("order_refund"."kind" in ('order', 'lines', 'amount'))
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"production_unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"opens" text NOT NULL,
	"closes" text NOT NULL,
	CONSTRAINT "special_hours_kind" CHECK ("special_hours"."kind" in ('opening', 'delivery'))
);
--> statement-breakpoint
ALTER TABLE "receipt_message" DROP CONSTRAINT "receipt_message_kind";--> statement-breakpoint
DROP INDEX "payment_refund_payment";--> statement-breakpoint
DROP INDEX "business_hours_unit_kind_day";--> statement-breakpoint
ALTER TABLE "basket_item" ADD COLUMN "price_changed_from_minor" integer;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "choice" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "choice" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "choice" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "choice" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "label" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "label" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "label" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "label" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "menu" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "menu" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "modifier" ADD COLUMN "internal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "modifier" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifier" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "modifier" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "modifier" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "is_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_code" ADD COLUMN "category_ids" jsonb;--> statement-breakpoint
ALTER TABLE "discount_code" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "discount_code" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard" ADD COLUMN "initial_amount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "delivery_zone" ADD COLUMN "minimum_order_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD COLUMN "kind" text DEFAULT 'spent' NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD COLUMN "order_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "order_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "capacity_rule" ADD CONSTRAINT "capacity_rule_capacity_instance_id_capacity_instance_id_fk" FOREIGN KEY ("capacity_instance_id") REFERENCES "public"."capacity_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_image" ADD CONSTRAINT "menu_image_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_image_variant" ADD CONSTRAINT "menu_image_variant_hash_menu_image_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."menu_image"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_rule_instance" ON "capacity_rule" USING btree ("capacity_instance_id");--> statement-breakpoint
CREATE INDEX "menu_image_product_instance" ON "menu_image" USING btree ("product_instance_id");--> statement-breakpoint
CREATE INDEX "order_refund_order" ON "order_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "special_hours_unit_date" ON "special_hours" USING btree ("production_unit_id","date");--> statement-breakpoint
CREATE INDEX "giftcard_transaction_card" ON "giftcard_transaction" USING btree ("giftcard_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_payment" ON "payment_refund" USING btree ("payment_id") WHERE "payment_refund"."order_refund_id" is null;--> statement-breakpoint
CREATE INDEX "business_hours_unit_kind_day" ON "business_hours" USING btree ("production_unit_id","kind","weekday");--> statement-breakpoint
ALTER TABLE "delivery_zone" ADD CONSTRAINT "delivery_zone_minimum" CHECK ("delivery_zone"."minimum_order_minor" >= 0);--> statement-breakpoint
ALTER TABLE "receipt_message" ADD CONSTRAINT "receipt_message_kind" CHECK ("receipt_message"."kind" in ('receipt', 'ready-time-changed', 'ready', 'rejected', 'refunded'));--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD CONSTRAINT "giftcard_transaction_kind" CHECK ("giftcard_transaction"."kind" in ('spent', 'returned', 'issued', 'refunded', 'adjusted'));--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_order_refund_id_fk" FOREIGN KEY ("order_refund_id") REFERENCES "public"."order_refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD CONSTRAINT "giftcard_transaction_order_refund_id_fk" FOREIGN KEY ("order_refund_id") REFERENCES "public"."order_refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The ledger's kinds for what is already there: a positive amount was a payment's draw given back.
UPDATE "giftcard_transaction" SET "kind" = 'returned' WHERE "amount_minor" > 0;--> statement-breakpoint
-- A card's initial amount: its balance before its ledger's movements.
UPDATE "giftcard" SET "initial_amount_minor" = "balance_minor" - coalesce((SELECT sum("amount_minor") FROM "giftcard_transaction" WHERE "giftcard_id" = "giftcard"."id"), 0);--> statement-breakpoint
-- Special hours and capacity rules are read with the restaurant's setup that every process keeps (0008).
CREATE TRIGGER special_hours_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();--> statement-breakpoint
CREATE TRIGGER capacity_rule_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "capacity_rule"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_changed();
