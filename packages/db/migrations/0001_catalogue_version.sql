ALTER TABLE "menu_instance" ADD COLUMN "catalogue_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_instance" ADD COLUMN "catalogue_version" integer DEFAULT 1 NOT NULL;