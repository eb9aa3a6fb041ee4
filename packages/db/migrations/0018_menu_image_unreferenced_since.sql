-- Rows stored before this migration start their clock now (the default is evaluated once for them): an image no
-- longer named by anything is collected no sooner than the grace period after the deploy, whenever it was let go.
ALTER TABLE "menu_image" ADD COLUMN "unreferenced_since" timestamp with time zone DEFAULT now();
