CREATE TABLE "quotation_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"notes" text,
	CONSTRAINT "quotation_request_lines_position_key" UNIQUE("quotation_request_id","position"),
	CONSTRAINT "quotation_request_lines_quantity_check" CHECK ("quotation_request_lines"."quantity" >= 1),
	CONSTRAINT "quotation_request_lines_notes_check" CHECK (length("quotation_request_lines"."notes") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "quote_list_items" (
	"list_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"notes" text,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_list_items_pkey" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "quote_list_items_quantity_check" CHECK ("quote_list_items"."quantity" between 1 and 100000),
	CONSTRAINT "quote_list_items_notes_check" CHECK (length("quote_list_items"."notes") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "quote_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text,
	"user_id" text,
	"used_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_lists_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "quote_lists_user_id_key" UNIQUE("user_id"),
	CONSTRAINT "quote_lists_one_owner" CHECK (("quote_lists"."token_hash" is null) <> ("quote_lists"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD COLUMN "customer_gstin" text;--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "quotation_request_lines" ADD CONSTRAINT "quotation_request_lines_quotation_request_id_quotation_requests_id_fk" FOREIGN KEY ("quotation_request_id") REFERENCES "public"."quotation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_request_lines" ADD CONSTRAINT "quotation_request_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_list_items" ADD CONSTRAINT "quote_list_items_list_id_quote_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."quote_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_list_items" ADD CONSTRAINT "quote_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_lists" ADD CONSTRAINT "quote_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_request_lines_product_id_idx" ON "quotation_request_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quotation_request_lines_name_words_idx" ON "quotation_request_lines" USING gin (to_tsvector('simple', coalesce("product_name", '')));--> statement-breakpoint
CREATE INDEX "quote_list_items_product_id_idx" ON "quote_list_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quote_lists_used_at_idx" ON "quote_lists" USING btree ("used_at");--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD CONSTRAINT "quotation_requests_merged_into_id_quotation_requests_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."quotation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_requests" ADD CONSTRAINT "quotation_requests_merged_is_completed" CHECK ("quotation_requests"."merged_into_id" is null or "quotation_requests"."status" = 'completed');--> statement-breakpoint
-- docs/requirements.md §18: every request made before its pieces had lines is a request of one piece: its line is
-- spec §3's product, name and quantity on the request (docs/decisions/021).
INSERT INTO "quotation_request_lines" ("quotation_request_id", "position", "product_id", "product_name", "quantity")
	SELECT "id", 0, "product_id", "product_name", "quantity" FROM "quotation_requests";
