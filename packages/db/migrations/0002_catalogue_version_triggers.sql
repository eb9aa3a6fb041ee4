-- Catalogue versions. Every INSERT, UPDATE or DELETE of a catalogue row adds 1 to the
-- catalogue_version of the instance that owns it, in the same transaction, so an API process can
-- name a catalogue answer by (instance, version) with one small query and every process agrees.
--   product instance: product, modifier, choice, label (own column); product_modifier,
--                     product_label (through product); modifier_choice (through modifier).
--   menu instance:    menu (own column); category (through menu); category_product (through
--                     category and menu).
-- blocked_product and blocked_choice (stock) have no trigger: they are served uncached.
-- Row-level AFTER triggers; OLD/NEW are NULL where the operation has none, and an UPDATE that
-- changes nothing bumps nothing. A row moved to another instance bumps both. Rows deleted by a
-- cascade whose parent is already gone find no owner here: the parent's own trigger bumped it.
CREATE FUNCTION catalogue_bump_product_instance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE product_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (OLD.product_instance_id, NEW.product_instance_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_bump_product_instance_via_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE product_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (SELECT p.product_instance_id FROM product p WHERE p.id IN (OLD.product_id, NEW.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_bump_product_instance_via_modifier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE product_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (SELECT m.product_instance_id FROM modifier m WHERE m.id IN (OLD.modifier_id, NEW.modifier_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_bump_menu_instance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE menu_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (OLD.menu_instance_id, NEW.menu_instance_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_bump_menu_instance_via_menu() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE menu_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (SELECT m.menu_instance_id FROM menu m WHERE m.id IN (OLD.menu_id, NEW.menu_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalogue_bump_menu_instance_via_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  UPDATE menu_instance SET catalogue_version = catalogue_version + 1
  WHERE id IN (
    SELECT m.menu_instance_id FROM category c JOIN menu m ON m.id = c.menu_id
    WHERE c.id IN (OLD.category_id, NEW.category_id)
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance();
--> statement-breakpoint
CREATE TRIGGER modifier_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON modifier
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance();
--> statement-breakpoint
CREATE TRIGGER choice_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON choice
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance();
--> statement-breakpoint
CREATE TRIGGER label_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON label
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance();
--> statement-breakpoint
CREATE TRIGGER product_modifier_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_modifier
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance_via_product();
--> statement-breakpoint
CREATE TRIGGER product_label_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_label
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance_via_product();
--> statement-breakpoint
CREATE TRIGGER modifier_choice_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON modifier_choice
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_product_instance_via_modifier();
--> statement-breakpoint
CREATE TRIGGER menu_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON menu
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_menu_instance();
--> statement-breakpoint
CREATE TRIGGER category_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON category
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_menu_instance_via_menu();
--> statement-breakpoint
CREATE TRIGGER category_product_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON category_product
  FOR EACH ROW EXECUTE FUNCTION catalogue_bump_menu_instance_via_category();
