CREATE TABLE "quotation_access_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"quotation_request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_request_id" uuid NOT NULL,
	"author" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"offer_version" integer,
	"user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_messages_author_check" CHECK ("quotation_messages"."author" in ('customer', 'shop')),
	CONSTRAINT "quotation_messages_kind_check" CHECK ("quotation_messages"."kind" in ('message', 'changes-requested', 'declined', 'new-offer-requested')),
	CONSTRAINT "quotation_messages_body_check" CHECK (length("quotation_messages"."body") <= 2000 and (length("quotation_messages"."body") >= 1 or "quotation_messages"."kind" = 'declined'))
);
--> statement-breakpoint
CREATE TABLE "quotation_offer_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"line_total_minor" integer NOT NULL,
	CONSTRAINT "quotation_offer_lines_position_key" UNIQUE("offer_id","position"),
	CONSTRAINT "quotation_offer_lines_amounts_check" CHECK ("quotation_offer_lines"."quantity" >= 1 and "quotation_offer_lines"."unit_price_minor" >= 0 and "quotation_offer_lines"."line_total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotation_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"shipping_minor" integer DEFAULT 0 NOT NULL,
	"gst_rate_basis_points" integer NOT NULL,
	"gst_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"valid_until" date NOT NULL,
	"lead_time_days" integer,
	"terms" text DEFAULT '' NOT NULL,
	"note" text,
	"decline_reason" text,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_offers_request_version_key" UNIQUE("quotation_request_id","version"),
	CONSTRAINT "quotation_offers_status_check" CHECK ("quotation_offers"."status" in ('draft', 'sent', 'accepted', 'declined', 'expired', 'superseded', 'withdrawn')),
	CONSTRAINT "quotation_offers_amounts_check" CHECK ("quotation_offers"."subtotal_minor" >= 0 and "quotation_offers"."discount_minor" >= 0 and "quotation_offers"."shipping_minor" >= 0 and "quotation_offers"."gst_minor" >= 0 and "quotation_offers"."total_minor" >= 0 and "quotation_offers"."gst_rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
-- docs/requirements.md §10: the requests made before references get theirs, numbered within each shop day by
-- the time they were made; the ones still open await the shop's reply from when they were made.
UPDATE "quotation_requests" AS q SET "reference" = numbered.reference
FROM (
	SELECT "id", 'Q-' || to_char("created_at" AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || '-' ||
		lpad(row_number() OVER (
			PARTITION BY to_char("created_at" AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD')
			ORDER BY "created_at", "id"
		)::text, 4, '0') AS reference
	FROM "quotation_requests"
) AS numbered
WHERE q."id" = numbered."id";--> statement-breakpoint
UPDATE "quotation_requests" SET "awaiting_reply_since" = "created_at" WHERE "status" <> 'completed';--> statement-breakpoint
-- docs/requirements.md §10: every insert that leaves the reference empty draws the next of its shop day (the day of
-- created_at, Asia/Kolkata), whoever writes it: the module, the seed, a test. One at a time, so
-- two requests at once never draw the same number.
CREATE FUNCTION "quotation_requests_reference"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	made_at timestamptz;
	day_start timestamptz;
	day_prefix text;
	last_sequence integer;
BEGIN
	IF NEW."reference" IS NOT NULL AND NEW."reference" <> '' THEN
		RETURN NEW;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('quotation-reference'));
	made_at := coalesce(NEW."created_at", now());
	day_start := date_trunc('day', made_at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
	day_prefix := 'Q-' || to_char(made_at AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || '-';
	-- The day's requests through the created_at index, so the draw stays flat as the table grows.
	SELECT coalesce(max(substring("reference" FROM length(day_prefix) + 1)::integer), 0)
		INTO last_sequence
		FROM "quotation_requests"
		WHERE "created_at" >= day_start AND "created_at" < day_start + interval '1 day'
			AND "reference" LIKE day_prefix || '%';
	NEW."reference" := day_prefix || lpad((last_sequence + 1)::text, 4, '0');
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quotation_requests_reference" BEFORE INSERT ON "quotation_requests"
	FOR EACH ROW EXECUTE FUNCTION "quotation_requests_reference"();--> statement-breakpoint
ALTER TABLE "quotation_access_keys" ADD CONSTRAINT "quotation_access_keys_quotation_request_id_quotation_requests_id_fk" FOREIGN KEY ("quotation_request_id") REFERENCES "public"."quotation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_messages" ADD CONSTRAINT "quotation_messages_quotation_request_id_quotation_requests_id_fk" FOREIGN KEY ("quotation_request_id") REFERENCES "public"."quotation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_messages" ADD CONSTRAINT "quotation_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_offer_lines" ADD CONSTRAINT "quotation_offer_lines_offer_id_quotation_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."quotation_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_offer_lines" ADD CONSTRAINT "quotation_offer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quotation_offers" ADD CONSTRAINT "quotation_offers_quotation_request_id_quotation_requests_id_fk" FOREIGN KEY ("quotation_request_id") REFERENCES "public"."quotation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_access_keys_request_idx" ON "quotation_access_keys" USING btree ("quotation_request_id");--> statement-breakpoint
CREATE INDEX "quotation_messages_request_created_idx" ON "quotation_messages" USING btree ("quotation_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_offers_one_draft_idx" ON "quotation_offers" USING btree ("quotation_request_id") WHERE "quotation_offers"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_offers_one_sent_idx" ON "quotation_offers" USING btree ("quotation_request_id") WHERE "quotation_offers"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "quotation_offers_sent_valid_until_idx" ON "quotation_offers" USING btree ("valid_until") WHERE "quotation_offers"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_quotation_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."quotation_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_key" UNIQUE("offer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_submitted_payment_reference_key" UNIQUE("submitted_payment_reference");--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD CONSTRAINT "quotation_requests_reference_key" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_minor" >= 0 and "orders"."shipping_amount_minor" >= 0 and "orders"."tax_amount_minor" >= 0 and "orders"."total_amount_minor" >= 0 and "orders"."discount_minor" >= 0);