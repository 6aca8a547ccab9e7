CREATE TABLE "order_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"note" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_updates_note_check" CHECK (char_length("order_updates"."note") <= 1000),
	CONSTRAINT "order_updates_photos_check" CHECK (jsonb_array_length("order_updates"."photos") <= 4)
);
--> statement-breakpoint
ALTER TABLE "order_updates" ADD CONSTRAINT "order_updates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_updates_order_id_idx" ON "order_updates" USING btree ("order_id","created_at");