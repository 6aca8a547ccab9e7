CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"received_minor" integer NOT NULL,
	"refunded_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_method_check" CHECK ("order_refunds"."method" in ('upi', 'bank transfer')),
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_minor" > 0 and "order_refunds"."amount_minor" <= "order_refunds"."received_minor"),
	CONSTRAINT "order_refunds_reference_check" CHECK (char_length("order_refunds"."reference") <= 100)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" is null or "orders"."payment_status" in ('pending', 'partially_paid', 'paid', 'failed', 'refunded', 'partly_refunded', 'cancelled'));