-- PostgreSQL's side of version 42 (issue 42): what a takeout live stream shows
-- (server/http/routes/takeoutLive.ts) is announced on the channel `ocp_live` by the writes that change it, in their own
-- transaction (a notification is delivered at commit, and not at all on rollback), whoever writes — the server, another
-- version of it, an operator's psql. The payloads are ids only:
--   '<order id>:<shop id>'  a takeout order stamped (takeout_orders: a new order, each move) or its status moved (orders:
--                           a refund notification moves 60 → 70 without a stamp);
--   'a'                     the access of some stream may have ended: sessions deleted (logout, a device ended, expired
--                           ones swept), an account deleted, a colleague removed from a store.
-- Each server process LISTENs on one connection of its own and checks its open streams when told (and after every
-- reconnect, since notifications sent while it was away are lost); SQLite keeps its check every 500 ms.
CREATE FUNCTION ocp_live_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    PERFORM pg_notify('ocp_live', NEW.id || ':' || COALESCE(NEW.shop_id, 0));
  ELSE
    PERFORM pg_notify('ocp_live', NEW.order_id || ':' || NEW.shop_id);
  END IF;
  RETURN NULL;
END
$$;

-- Statement level (tokens, store_staff): only when a row actually went. Row level (a user deleted): a function of its
-- own — PL/pgSQL plans `gone` even behind `TG_LEVEL = 'ROW' OR`, and a row trigger has no transition table.
CREATE FUNCTION ocp_live_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gone) THEN
    PERFORM pg_notify('ocp_live', 'a');
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION ocp_live_access_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ocp_live', 'a');
  RETURN NULL;
END
$$;

CREATE TRIGGER takeout_orders_live AFTER INSERT OR UPDATE ON takeout_orders FOR EACH ROW EXECUTE FUNCTION ocp_live_order();
CREATE TRIGGER orders_live AFTER UPDATE OF status ON orders FOR EACH ROW
  WHEN (NEW.kind = 'takeout' AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ocp_live_order();

CREATE TRIGGER tokens_live AFTER DELETE ON tokens REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ocp_live_access();
CREATE TRIGGER store_staff_live AFTER DELETE ON store_staff REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ocp_live_access();
CREATE TRIGGER users_live AFTER UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION ocp_live_access_row();
