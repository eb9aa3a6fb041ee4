-- The restaurant event's notification carries the event (decision 034): a process whose screens have everything
-- up to the one before hands it to them without reading the log. The log stays the truth: the notification comes
-- at the event's commit, and a process reads the log whenever the event does not provably follow (a gap, a lost
-- listener). PostgreSQL refuses a payload of 8000 bytes or more: an event whose notification would pass 7000
-- bytes sends only the restaurant and the sequence number, and is read.
CREATE OR REPLACE FUNCTION restaurant_event_doorbell() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object(
    'productionUnitId', NEW.production_unit_id, 'seq', NEW.seq,
    'type', NEW.type, 'data', NEW.data, 'createdAt', NEW.created_at)::text;
BEGIN
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('productionUnitId', NEW.production_unit_id, 'seq', NEW.seq)::text;
  END IF;
  PERFORM pg_notify('restaurant_event', payload);
  RETURN NULL;
END
$$;
