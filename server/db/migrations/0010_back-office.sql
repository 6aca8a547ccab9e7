CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"summary" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_actor_kind_check" CHECK ("activity_log"."actor_kind" in ('user', 'api-key', 'command-line')),
	CONSTRAINT "activity_log_length_check" CHECK (char_length("activity_log"."actor_name") <= 320 and char_length("activity_log"."kind") <= 40 and char_length("activity_log"."summary") <= 500 and char_length(coalesce("activity_log"."subject", '')) <= 200)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_key_check" CHECK ("shop_settings"."key" in ('shopName', 'shopEmail', 'phone', 'whatsappNumber', 'address', 'businessHours', 'socialUrl', 'upiId', 'bankDetails', 'gstin', 'defaultGstRate', 'offerValidityDays', 'offerTerms', 'dailyDigest')),
	CONSTRAINT "shop_settings_value_length_check" CHECK (char_length("shop_settings"."value") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_created_idx" ON "activity_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_kind_created_idx" ON "activity_log" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotation_offers_sent_at_idx" ON "quotation_offers" USING btree ("sent_at") WHERE "quotation_offers"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "quotation_offers_accepted_at_idx" ON "quotation_offers" USING btree ("decided_at") WHERE "quotation_offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "quotation_requests_awaiting_reply_idx" ON "quotation_requests" USING btree ("awaiting_reply_since") WHERE "quotation_requests"."awaiting_reply_since" is not null;--> statement-breakpoint
-- docs/requirements.md §12: the activity log is append-only: no interface edits or deletes an entry, and neither
-- can a statement from anywhere else.
CREATE OR REPLACE FUNCTION refuse_activity_log_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only
BEFORE UPDATE OR DELETE ON activity_log
FOR EACH ROW EXECUTE FUNCTION refuse_activity_log_change();
--> statement-breakpoint
CREATE TRIGGER activity_log_no_truncate
BEFORE TRUNCATE ON activity_log
FOR EACH STATEMENT EXECUTE FUNCTION refuse_activity_log_change();
--> statement-breakpoint
-- docs/requirements.md §12: a settings change reaches every process within a second, whoever writes it (the
-- console, psql): each process drops its copy on this notice (server/modules/settings).
CREATE OR REPLACE FUNCTION notify_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('settings_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER shop_settings_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
