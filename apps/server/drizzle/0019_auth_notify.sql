-- Issue 24: every API process caches resolved sessions (services/auth/sessionCache.ts) and evicts
-- them on these notifications, whoever wrote the row: a sign-out on another server, the users
-- command, an administrator's SQL. Payloads name what changed, never more: s:<sessions.id_hash>,
-- u:<users.id>, a:<accounts.id> (an account, its permissions or its corporate access), * (all).
-- Row triggers: these tables change a few rows at a time (sign-in, sign-out, heartbeat, account
-- switch, user administration), and PostgreSQL folds identical notifications of one transaction
-- into one, so a bulk write of many rows of one account still sends one a:<id>.
CREATE OR REPLACE FUNCTION quill_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the payload prefix; TG_ARGV[1]: the column naming what the cache keys on.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('quill_auth', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('quill_auth', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quill_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quill_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION quill_auth_notify('s', 'id_hash');
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION quill_auth_notify('u', 'id');
--> statement-breakpoint
CREATE TRIGGER accounts_auth_notify AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION quill_auth_notify('a', 'id');
--> statement-breakpoint
CREATE TRIGGER account_permissions_auth_notify AFTER INSERT OR UPDATE OR DELETE ON account_permissions FOR EACH ROW EXECUTE FUNCTION quill_auth_notify('a', 'account_id');
--> statement-breakpoint
CREATE TRIGGER account_corporate_access_auth_notify AFTER INSERT OR UPDATE OR DELETE ON account_corporate_access FOR EACH ROW EXECUTE FUNCTION quill_auth_notify('a', 'account_id');
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION quill_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION quill_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_notify_truncate AFTER TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION quill_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER account_permissions_auth_notify_truncate AFTER TRUNCATE ON account_permissions FOR EACH STATEMENT EXECUTE FUNCTION quill_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER account_corporate_access_auth_notify_truncate AFTER TRUNCATE ON account_corporate_access FOR EACH STATEMENT EXECUTE FUNCTION quill_auth_notify_all();
