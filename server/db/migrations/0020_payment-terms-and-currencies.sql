ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_key_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_balance_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_reference_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "display_currency" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "price_drop_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_offers" ADD COLUMN "advance_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alerted_price_minor" integer;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_submitted_balance_reference_key" UNIQUE("submitted_balance_reference");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_advance_check" CHECK ("orders"."advance_minor" is null or ("orders"."advance_minor" >= 0 and "orders"."advance_minor" <= "orders"."total_amount_minor"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" is null or "orders"."payment_status" in ('pending', 'partially_paid', 'paid', 'failed', 'refunded', 'cancelled'));--> statement-breakpoint
ALTER TABLE "quotation_offers" ADD CONSTRAINT "quotation_offers_advance_check" CHECK ("quotation_offers"."advance_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_key_check" CHECK ("shop_settings"."key" in ('shopName', 'shopEmail', 'phone', 'whatsappNumber', 'address', 'businessHours', 'shopTimeZone', 'socialUrl', 'upiId', 'bankDetails', 'gstin', 'defaultGstRate', 'offerValidityDays', 'offerTerms', 'dailyDigest', 'searchSynonyms', 'displayCurrencies', 'advancePercent', 'upiPaymentLimit'));