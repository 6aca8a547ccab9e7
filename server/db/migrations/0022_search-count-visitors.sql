CREATE TABLE "search_count_visitors" (
	"digest" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_count_visitors_digest_length_check" CHECK (char_length("search_count_visitors"."digest") = 43)
);
--> statement-breakpoint
CREATE INDEX "search_count_visitors_expires_at_idx" ON "search_count_visitors" USING btree ("expires_at");