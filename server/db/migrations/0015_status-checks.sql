-- docs/decisions/019: the log's kinds, as the list in core/admin/activity.ts. No mapping of other values first: the
-- list has only grown since migration 0010 made the table, every entry is written by recordActivity
-- with a kind of it, and the log refuses UPDATE anyway. The settings' keys gain shopTimeZone (the
-- shop's time zone, a setting); a wider list needs no mapping either.
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_key_check";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('quotation.status', 'quotation.offer', 'quotation.message', 'order.status', 'order.created', 'message.status', 'product', 'media', 'import', 'settings', 'api-key', 'webhook', 'role', 'job'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_key_check" CHECK ("shop_settings"."key" in ('shopName', 'shopEmail', 'phone', 'whatsappNumber', 'address', 'businessHours', 'shopTimeZone', 'socialUrl', 'upiId', 'bankDetails', 'gstin', 'defaultGstRate', 'offerValidityDays', 'offerTerms', 'dailyDigest'));