-- docs/decisions/019: completed requests made before their writers cleared the wait (an order made by the
-- owner from a request, a request marked completed) wait for nobody either.
UPDATE "quotation_requests" SET "awaiting_reply_since" = NULL WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD CONSTRAINT "quotation_requests_completed_waits_for_nobody" CHECK ("quotation_requests"."status" <> 'completed' or "quotation_requests"."awaiting_reply_since" is null);
