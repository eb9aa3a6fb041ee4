CREATE TABLE "app_setting" (
	"module_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "app_setting_module_id_name_pk" PRIMARY KEY("module_id","name")
);
--> statement-breakpoint
CREATE TABLE "basket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"production_unit_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"product_price_minor" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"total_price_minor" integer NOT NULL,
	"editing_is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_item_amount" CHECK ("basket_item"."amount" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "basket_item_choice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_item_id" uuid NOT NULL,
	"choice_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"price_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_choice" (
	"production_unit_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	CONSTRAINT "blocked_choice_production_unit_id_choice_id_pk" PRIMARY KEY("production_unit_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "blocked_product" (
	"production_unit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "blocked_product_production_unit_id_product_id_pk" PRIMARY KEY("production_unit_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "business_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"production_unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weekday" integer NOT NULL,
	"opens" text NOT NULL,
	"closes" text NOT NULL,
	CONSTRAINT "business_hours_weekday" CHECK ("business_hours"."weekday" between 1 and 7),
	CONSTRAINT "business_hours_kind" CHECK ("business_hours"."kind" in ('opening', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "capacity_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"items_per_slot" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_usage" (
	"capacity_instance_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"items_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "capacity_usage_capacity_instance_id_slot_start_pk" PRIMARY KEY("capacity_instance_id","slot_start"),
	CONSTRAINT "capacity_usage_items" CHECK ("capacity_usage"."items_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"internal_name" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_product" (
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_product_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "checkout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"production_unit_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"checkout_instance_id" integer NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"basket_id" uuid,
	"guest_name" text,
	"guest_phone" text,
	"guest_email" text,
	"order_comment" text,
	"amount_of_guests" integer,
	"amount_of_kids" integer,
	"order_ready_time" timestamp with time zone,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"delivery_stage" integer DEFAULT 0 NOT NULL,
	"delivery_address" text,
	"delivery_zip_code" text,
	"delivery_fee_minor" integer DEFAULT 0 NOT NULL,
	"delivery_date" date,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_state" CHECK ("checkout"."state" in (0,1,2,3,4))
);
--> statement-breakpoint
CREATE TABLE "checkout_discount" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"discount_code_id" integer NOT NULL,
	"code" text NOT NULL,
	"amount_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_giftcard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"giftcard_id" integer NOT NULL,
	"code" text NOT NULL,
	"amount_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_giftcard_enabled" boolean DEFAULT true NOT NULL,
	"is_discount_enabled" boolean DEFAULT true NOT NULL,
	"guest_future_order_dates" integer DEFAULT 0 NOT NULL,
	"chain_delivery_enabled" boolean DEFAULT false NOT NULL,
	"order_time_interval" integer DEFAULT 15 NOT NULL,
	"preparation_minutes" integer DEFAULT 20 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "choice" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_instance_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_price_minor" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closed_date" (
	"production_unit_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "closed_date_production_unit_id_date_pk" PRIMARY KEY("production_unit_id","date")
);
--> statement-breakpoint
CREATE TABLE "delivery_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"time_interval" integer DEFAULT 30 NOT NULL,
	"preparation_minutes" integer DEFAULT 45 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zone" (
	"delivery_instance_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"fee_minor" integer NOT NULL,
	CONSTRAINT "delivery_zone_delivery_instance_id_zip_code_pk" PRIMARY KEY("delivery_instance_id","zip_code"),
	CONSTRAINT "delivery_zone_fee" CHECK ("delivery_zone"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_instance_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_basket_minor" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"product_ids" jsonb,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discount_code_usage" CHECK ("discount_code"."usage_limit" is null or "discount_code"."usage_count" <= "discount_code"."usage_limit"),
	CONSTRAINT "discount_code_value" CHECK ("discount_code"."value" > 0 and ("discount_code"."kind" <> 'percentage' or "discount_code"."value" <= 100)),
	CONSTRAINT "discount_code_kind" CHECK ("discount_code"."kind" in ('percentage', 'amount'))
);
--> statement-breakpoint
CREATE TABLE "discount_instance" (
	"id" serial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giftcard" (
	"id" serial PRIMARY KEY NOT NULL,
	"giftcard_instance_id" integer NOT NULL,
	"code" text NOT NULL,
	"balance_minor" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giftcard_balance" CHECK ("giftcard"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "giftcard_instance" (
	"id" serial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giftcard_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giftcard_id" integer NOT NULL,
	"payment_id" uuid,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_instance_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_instance_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifier" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_instance_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifier_choice" (
	"modifier_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"default_choice_amount" integer DEFAULT 0 NOT NULL,
	"free_amount" integer DEFAULT 0 NOT NULL,
	"overwrite_price_minor" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modifier_choice_modifier_id_choice_id_pk" PRIMARY KEY("modifier_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "module" (
	"id" serial PRIMARY KEY NOT NULL,
	"production_unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"menu_instance_id" integer NOT NULL,
	"product_instance_id" integer NOT NULL,
	"checkout_instance_id" integer NOT NULL,
	"capacity_instance_id" integer NOT NULL,
	"delivery_instance_id" integer,
	"discount_instance_id" integer,
	"giftcard_instance_id" integer,
	"payment_instance_id" integer NOT NULL,
	"lavu_instance_id" integer,
	"placeholder_instance_id" integer,
	"pos_setting_instance_id" integer,
	CONSTRAINT "module_type" CHECK ("module"."type" in (0,1,2,3,4,5,6,7,10))
);
--> statement-breakpoint
CREATE TABLE "module_domain" (
	"host" text PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"production_unit_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"receipt_number" integer NOT NULL,
	"external_id" text NOT NULL,
	"order_ready_time" timestamp with time zone NOT NULL,
	"capacity_instance_id" integer,
	"item_count" integer NOT NULL,
	"basket_total_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"delivery_fee_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"guest_name" text,
	"guest_phone" text,
	"guest_email" text,
	"order_comment" text,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"delivery_address" text,
	"delivery_zip_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discount" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_code_id" integer,
	"code" text NOT NULL,
	"amount_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"production_unit_id" integer NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"type" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"continue_url" text,
	"cancel_url" text,
	"receipt_email" text,
	"giftcard_id" integer,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_amount" CHECK ("payment"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_instance_id" integer NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subtitle" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"internal_name" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer,
	"image_url" text DEFAULT '' NOT NULL,
	"is_giftcard" boolean DEFAULT false NOT NULL,
	"daily_price_minor" integer,
	"daily_start_day_of_week" integer,
	"daily_end_day_of_week" integer,
	CONSTRAINT "product_daily_weekdays" CHECK (("product"."daily_price_minor" is null) or ("product"."daily_start_day_of_week" between 1 and 7 and "product"."daily_end_day_of_week" between 1 and 7)),
	CONSTRAINT "product_price" CHECK ("product"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_instance" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_label" (
	"product_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "product_label_product_id_label_id_pk" PRIMARY KEY("product_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "product_modifier" (
	"product_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"max_choices" integer NOT NULL,
	"choices_included" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_modifier_product_id_modifier_id_pk" PRIMARY KEY("product_id","modifier_id")
);
--> statement-breakpoint
CREATE TABLE "production_unit" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"phone" text NOT NULL,
	"receipt_email" text NOT NULL,
	"cvr_number" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/Copenhagen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_message_channel" CHECK ("receipt_message"."channel" in ('email', 'sms')),
	CONSTRAINT "receipt_message_status" CHECK ("receipt_message"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "receipt_sequence" (
	"production_unit_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_setting" ADD CONSTRAINT "app_setting_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket" ADD CONSTRAINT "basket_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_item" ADD CONSTRAINT "basket_item_basket_id_basket_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."basket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_item" ADD CONSTRAINT "basket_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_item_choice" ADD CONSTRAINT "basket_item_choice_basket_item_id_basket_item_id_fk" FOREIGN KEY ("basket_item_id") REFERENCES "public"."basket_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_item_choice" ADD CONSTRAINT "basket_item_choice_choice_id_choice_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."choice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_item_choice" ADD CONSTRAINT "basket_item_choice_modifier_id_modifier_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_choice" ADD CONSTRAINT "blocked_choice_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_choice" ADD CONSTRAINT "blocked_choice_choice_id_choice_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."choice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_product" ADD CONSTRAINT "blocked_product_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_product" ADD CONSTRAINT "blocked_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_usage" ADD CONSTRAINT "capacity_usage_capacity_instance_id_capacity_instance_id_fk" FOREIGN KEY ("capacity_instance_id") REFERENCES "public"."capacity_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_menu_id_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_product" ADD CONSTRAINT "category_product_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_product" ADD CONSTRAINT "category_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_checkout_instance_id_checkout_instance_id_fk" FOREIGN KEY ("checkout_instance_id") REFERENCES "public"."checkout_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_basket_id_basket_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."basket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_discount" ADD CONSTRAINT "checkout_discount_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_discount" ADD CONSTRAINT "checkout_discount_discount_code_id_discount_code_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_giftcard" ADD CONSTRAINT "checkout_giftcard_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_giftcard" ADD CONSTRAINT "checkout_giftcard_giftcard_id_giftcard_id_fk" FOREIGN KEY ("giftcard_id") REFERENCES "public"."giftcard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice" ADD CONSTRAINT "choice_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_date" ADD CONSTRAINT "closed_date_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone" ADD CONSTRAINT "delivery_zone_delivery_instance_id_delivery_instance_id_fk" FOREIGN KEY ("delivery_instance_id") REFERENCES "public"."delivery_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_discount_instance_id_discount_instance_id_fk" FOREIGN KEY ("discount_instance_id") REFERENCES "public"."discount_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard" ADD CONSTRAINT "giftcard_giftcard_instance_id_giftcard_instance_id_fk" FOREIGN KEY ("giftcard_instance_id") REFERENCES "public"."giftcard_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD CONSTRAINT "giftcard_transaction_giftcard_id_giftcard_id_fk" FOREIGN KEY ("giftcard_id") REFERENCES "public"."giftcard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_transaction" ADD CONSTRAINT "giftcard_transaction_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label" ADD CONSTRAINT "label_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_menu_instance_id_menu_instance_id_fk" FOREIGN KEY ("menu_instance_id") REFERENCES "public"."menu_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier" ADD CONSTRAINT "modifier_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_choice" ADD CONSTRAINT "modifier_choice_modifier_id_modifier_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_choice" ADD CONSTRAINT "modifier_choice_choice_id_choice_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."choice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_menu_instance_id_menu_instance_id_fk" FOREIGN KEY ("menu_instance_id") REFERENCES "public"."menu_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_checkout_instance_id_checkout_instance_id_fk" FOREIGN KEY ("checkout_instance_id") REFERENCES "public"."checkout_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_capacity_instance_id_capacity_instance_id_fk" FOREIGN KEY ("capacity_instance_id") REFERENCES "public"."capacity_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_delivery_instance_id_delivery_instance_id_fk" FOREIGN KEY ("delivery_instance_id") REFERENCES "public"."delivery_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_discount_instance_id_discount_instance_id_fk" FOREIGN KEY ("discount_instance_id") REFERENCES "public"."discount_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_giftcard_instance_id_giftcard_instance_id_fk" FOREIGN KEY ("giftcard_instance_id") REFERENCES "public"."giftcard_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_payment_instance_id_payment_instance_id_fk" FOREIGN KEY ("payment_instance_id") REFERENCES "public"."payment_instance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_domain" ADD CONSTRAINT "module_domain_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discount" ADD CONSTRAINT "order_discount_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discount" ADD CONSTRAINT "order_discount_discount_code_id_discount_code_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_giftcard_id_giftcard_id_fk" FOREIGN KEY ("giftcard_id") REFERENCES "public"."giftcard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_instance_id_product_instance_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_label" ADD CONSTRAINT "product_label_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_label" ADD CONSTRAINT "product_label_label_id_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."label"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_modifier" ADD CONSTRAINT "product_modifier_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_modifier" ADD CONSTRAINT "product_modifier_modifier_id_modifier_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_message" ADD CONSTRAINT "receipt_message_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sequence" ADD CONSTRAINT "receipt_sequence_production_unit_id_production_unit_id_fk" FOREIGN KEY ("production_unit_id") REFERENCES "public"."production_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_unit" ON "basket" USING btree ("production_unit_id");--> statement-breakpoint
CREATE INDEX "basket_item_basket" ON "basket_item" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "basket_item_choice_item" ON "basket_item_choice" USING btree ("basket_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_hours_unit_kind_day" ON "business_hours" USING btree ("production_unit_id","kind","weekday");--> statement-breakpoint
CREATE INDEX "category_menu" ON "category" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_instance_code" ON "discount_code" USING btree ("discount_instance_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "giftcard_instance_code" ON "giftcard" USING btree ("giftcard_instance_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "order_checkout" ON "order" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_unit_receipt" ON "order" USING btree ("production_unit_id","receipt_number");--> statement-breakpoint
CREATE INDEX "order_line_order" ON "order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_checkout" ON "payment" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "product_product_instance" ON "product" USING btree ("product_instance_id");--> statement-breakpoint
CREATE INDEX "receipt_message_due" ON "receipt_message" USING btree ("status","next_attempt_at");