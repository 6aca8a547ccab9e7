-- docs/requirements.md §15: a request that joins an account fills the profile's empty company and
-- GSTIN (and mobile); the quote form and quote list start from them.
ALTER TABLE "profiles" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gstin" text;