-- docs/decisions/024: trigram similarity for the tolerant search's typo candidates, and accents folded into
-- its vocabulary. Both ship with PostgreSQL's contrib package; PGlite loads them in
-- server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "search_counts" (
	"text" text NOT NULL,
	"week" date NOT NULL,
	"outcome" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_counts_text_week_outcome_pk" PRIMARY KEY("text","week","outcome"),
	CONSTRAINT "search_counts_outcome_check" CHECK ("search_counts"."outcome" in ('none', 'tolerant')),
	CONSTRAINT "search_counts_text_length_check" CHECK (char_length("search_counts"."text") <= 100),
	CONSTRAINT "search_counts_count_check" CHECK ("search_counts"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_key_check";--> statement-breakpoint
CREATE INDEX "search_counts_outcome_week_idx" ON "search_counts" USING btree ("outcome","week");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_key_check" CHECK ("shop_settings"."key" in ('shopName', 'shopEmail', 'phone', 'whatsappNumber', 'address', 'businessHours', 'shopTimeZone', 'socialUrl', 'upiId', 'bankDetails', 'gstin', 'defaultGstRate', 'offerValidityDays', 'offerTerms', 'dailyDigest', 'searchSynonyms'));--> statement-breakpoint
-- docs/requirements.md §20: the tolerant search's vocabulary: every distinct word, lower-case without accents and
-- of at least 2 characters and not a number, of the published products' names, subcategories, materials, regions
-- and category names. The words are split as core/search/search-tolerant.ts normaliseSearchText splits a
-- query. server/modules/catalog/search-terms.ts refreshes it and reads it through the trigram index.
-- The category names are core/catalog/categories.ts's `name` for each `adminValue` stored in the row.
CREATE MATERIALIZED VIEW "search_terms" AS
SELECT DISTINCT word AS term
FROM "products"
CROSS JOIN LATERAL (VALUES
  ("products"."name"),
  ("products"."subcategory"),
  ("products"."material"),
  ("products"."region"),
  (CASE "products"."category"
    WHEN 'culinary' THEN 'Culinary Crafts'
    WHEN 'divine' THEN 'Divine Artistry'
    WHEN 'home' THEN 'Artisan Home Serenity'
    WHEN 'sip-smoke' THEN 'Crafted Sip & Smoke'
  END)
) AS field(value)
CROSS JOIN LATERAL regexp_split_to_table(lower(unaccent(field.value)), '[^a-z0-9]+') AS word
-- Numbers are left out: a typo of one is another number, and 100,000 numbered names would make
-- them nearly the whole vocabulary.
WHERE "products"."published" AND length(word) >= 2 AND word ~ '[a-z]';
--> statement-breakpoint
-- REFRESH MATERIALIZED VIEW CONCURRENTLY needs a unique index; searches keep reading meanwhile.
CREATE UNIQUE INDEX "search_terms_term_idx" ON "search_terms" USING btree ("term");
--> statement-breakpoint
-- fastupdate off: a refresh's new words go straight into the index instead of a pending list
-- that every lookup would read whole until the next vacuum (60–80 ms at 100,000 products).
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate = off);
