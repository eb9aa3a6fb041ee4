-- Row-level change notifications for the guest answers an API process keeps in memory (decision 015,
-- packages/db/src/change-feed.ts): a basket and a checkout are read far more often than they change.
-- Every changed row sends NOTIFY row_changed with a tag naming what it belongs to, delivered at commit
-- to every listening process, which forgets the answers carrying that tag:
--   b:<basket id>    basket, basket_item, basket_item_choice
--   c:<checkout id>  checkout, checkout_discount, checkout_giftcard, payment
--   d:<code id>      discount_code (its usage count and validity decide whether an applied code still holds)
--   *                a TRUNCATE of any of them: everything
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION notify_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  tag text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  tag := CASE TG_TABLE_NAME
    WHEN 'basket' THEN 'b:' || changed.id
    WHEN 'checkout' THEN 'c:' || changed.id
    WHEN 'discount_code' THEN 'd:' || changed.id
    ELSE NULL
  END;
  IF tag IS NOT NULL THEN
    PERFORM pg_notify('row_changed', tag);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_row_changed_of_basket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('row_changed', 'b:' || OLD.basket_id);
  ELSE
    PERFORM pg_notify('row_changed', 'b:' || NEW.basket_id);
    IF TG_OP = 'UPDATE' AND OLD.basket_id IS DISTINCT FROM NEW.basket_id THEN
      PERFORM pg_notify('row_changed', 'b:' || OLD.basket_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_row_changed_of_checkout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('row_changed', 'c:' || OLD.checkout_id);
  ELSE
    PERFORM pg_notify('row_changed', 'c:' || NEW.checkout_id);
    IF TG_OP = 'UPDATE' AND OLD.checkout_id IS DISTINCT FROM NEW.checkout_id THEN
      PERFORM pg_notify('row_changed', 'c:' || OLD.checkout_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A choice row names its line, not its basket. A choice deleted with its line (ON DELETE CASCADE) finds
-- no line any more: the line's own row notified the basket.
CREATE FUNCTION notify_row_changed_of_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_basket uuid;
BEGIN
  SELECT basket_id INTO line_basket FROM basket_item
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.basket_item_id ELSE NEW.basket_item_id END;
  IF line_basket IS NOT NULL THEN
    PERFORM pg_notify('row_changed', 'b:' || line_basket);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('row_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER basket_row_changed AFTER INSERT OR UPDATE OR DELETE ON "basket"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_row_changed AFTER INSERT OR UPDATE OR DELETE ON "checkout"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed();
--> statement-breakpoint
CREATE TRIGGER discount_code_row_changed AFTER INSERT OR UPDATE OR DELETE ON "discount_code"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed();
--> statement-breakpoint
CREATE TRIGGER basket_item_row_changed AFTER INSERT OR UPDATE OR DELETE ON "basket_item"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed_of_basket();
--> statement-breakpoint
CREATE TRIGGER basket_item_choice_row_changed AFTER INSERT OR UPDATE OR DELETE ON "basket_item_choice"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed_of_line();
--> statement-breakpoint
CREATE TRIGGER checkout_discount_row_changed AFTER INSERT OR UPDATE OR DELETE ON "checkout_discount"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed_of_checkout();
--> statement-breakpoint
CREATE TRIGGER checkout_giftcard_row_changed AFTER INSERT OR UPDATE OR DELETE ON "checkout_giftcard"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed_of_checkout();
--> statement-breakpoint
CREATE TRIGGER payment_row_changed AFTER INSERT OR UPDATE OR DELETE ON "payment"
  FOR EACH ROW EXECUTE FUNCTION notify_row_changed_of_checkout();
--> statement-breakpoint
CREATE TRIGGER basket_truncated AFTER TRUNCATE ON "basket"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER basket_item_truncated AFTER TRUNCATE ON "basket_item"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER basket_item_choice_truncated AFTER TRUNCATE ON "basket_item_choice"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_truncated AFTER TRUNCATE ON "checkout"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_discount_truncated AFTER TRUNCATE ON "checkout_discount"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER checkout_giftcard_truncated AFTER TRUNCATE ON "checkout_giftcard"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER payment_truncated AFTER TRUNCATE ON "payment"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
--> statement-breakpoint
CREATE TRIGGER discount_code_truncated AFTER TRUNCATE ON "discount_code"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_everything_changed();
