CREATE TABLE "callback_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"phone" text NOT NULL,
	"accepted_terms_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_leads_country_code_check" CHECK ("callback_leads"."country_code" in ('+91', '+1', '+44'))
);
--> statement-breakpoint
CREATE INDEX "callback_leads_created_at_idx" ON "callback_leads" USING btree ("created_at" DESC NULLS LAST);