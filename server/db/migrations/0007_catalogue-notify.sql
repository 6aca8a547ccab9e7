-- The search cache (server/db/catalogue-cache.ts) is dropped in every process on
-- any write to products or product_media, whoever writes: the console, the CSV import, the seed
-- or psql. Statement-level, so a 10,000-row import sends one notice per statement, not per row.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_media_catalogue_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_media
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- spec §4: popularity and rating sort by the review count; products.review_count mirrors it.
-- Statement-level with transition tables: a bulk insert of reviews costs one update per product.
-- Reviews never move between products (a renamed product carries its count with it).
CREATE OR REPLACE FUNCTION count_added_reviews() RETURNS trigger AS $$
BEGIN
  UPDATE products SET review_count = review_count + added.total
  FROM (SELECT product_id, count(*)::integer AS total FROM added_reviews GROUP BY product_id) AS added
  WHERE products.id = added.product_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_removed_reviews() RETURNS trigger AS $$
BEGIN
  UPDATE products SET review_count = greatest(review_count - removed.total, 0)
  FROM (SELECT product_id, count(*)::integer AS total FROM removed_reviews GROUP BY product_id) AS removed
  WHERE products.id = removed.product_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_added_count
AFTER INSERT ON reviews REFERENCING NEW TABLE AS added_reviews
FOR EACH STATEMENT EXECUTE FUNCTION count_added_reviews();
--> statement-breakpoint
CREATE TRIGGER reviews_removed_count
AFTER DELETE ON reviews REFERENCING OLD TABLE AS removed_reviews
FOR EACH STATEMENT EXECUTE FUNCTION count_removed_reviews();
--> statement-breakpoint
UPDATE products SET review_count = counted.total
FROM (SELECT product_id, count(*)::integer AS total FROM reviews GROUP BY product_id) AS counted
WHERE products.id = counted.product_id;
