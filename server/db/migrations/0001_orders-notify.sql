-- spec §7: the dashboard listens for any change to a user's orders on the channel orders_changes.
-- The payload names the order and its owner so a listener can fan out to that user only.
CREATE OR REPLACE FUNCTION notify_orders_changes() RETURNS trigger AS $$
DECLARE
  changed orders%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  PERFORM pg_notify(
    'orders_changes',
    json_build_object(
      'op', TG_OP,
      'orderId', changed.id,
      'userId', changed.user_id,
      'status', changed.status
    )::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_changes_notify
AFTER INSERT OR UPDATE OR DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION notify_orders_changes();
