CREATE INDEX "contact_messages_email_prefix_idx" ON "contact_messages" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_name_words_idx" ON "contact_messages" USING gin (to_tsvector('simple', coalesce("name", '')));--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_email_prefix_idx" ON "newsletter_subscriptions" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_created_at_idx" ON "newsletter_subscriptions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_order_number_prefix_idx" ON "orders" USING btree ("order_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_shipping_name_words_idx" ON "orders" USING gin (to_tsvector('simple', coalesce("shipping_address"->>'name', '')));--> statement-breakpoint
CREATE INDEX "orders_shipping_phone_digits_idx" ON "orders" USING btree (reverse(regexp_replace("shipping_address"->>'phone', '[^0-9]', '', 'g')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotation_requests_reference_prefix_idx" ON "quotation_requests" USING btree ("reference" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotation_requests_email_prefix_idx" ON "quotation_requests" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotation_requests_mobile_digits_idx" ON "quotation_requests" USING btree (reverse(regexp_replace("customer_mobile", '[^0-9]', '', 'g')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotation_requests_name_words_idx" ON "quotation_requests" USING gin (to_tsvector('simple', coalesce("customer_name", '')));--> statement-breakpoint
CREATE INDEX "quotation_requests_status_created_idx" ON "quotation_requests" USING btree ("status","created_at" DESC NULLS LAST);