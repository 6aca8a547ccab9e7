ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listing_featured_idx" ON "products" USING btree ("featured" desc,"bestseller" desc,lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("new_arrival" desc,"created_at" desc,lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_reviews_idx" ON "products" USING btree ("review_count" desc,lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("price_minor",lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_price_desc_idx" ON "products" USING btree ("price_minor" desc,lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree (lower("name") collate "C","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name") collate "C","id");