-- Counters are short-lived; clearing them lets each key keep a single row.
DELETE FROM "rate_limit_counters";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP CONSTRAINT "rate_limit_counters_key_window_start_pk";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD PRIMARY KEY ("key");