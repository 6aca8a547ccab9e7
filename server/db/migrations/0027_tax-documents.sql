CREATE TABLE "tax_document_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "tax_document_series_pkey" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_document_series_kind_check" CHECK ("tax_document_series"."kind" in ('invoice', 'credit_note', 'receipt_voucher')),
	CONSTRAINT "tax_document_series_last_sequence_check" CHECK ("tax_document_series"."last_sequence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"cites_document_id" uuid,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_gstin" text,
	"place_of_supply" text NOT NULL,
	"taxable_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "tax_documents_number_key" UNIQUE("number"),
	CONSTRAINT "tax_documents_series_sequence_key" UNIQUE("kind","financial_year","sequence"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note', 'receipt_voucher')),
	CONSTRAINT "tax_documents_number_check" CHECK ("tax_documents"."number" ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_financial_year_check" CHECK ("tax_documents"."financial_year" ~ '^[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "tax_documents_sequence_check" CHECK ("tax_documents"."sequence" >= 1),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."taxable_minor" >= 0 and "tax_documents"."tax_minor" >= 0 and "tax_documents"."total_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_key_check";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_cites_document_id_tax_documents_id_fk" FOREIGN KEY ("cites_document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_id_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_on_idx" ON "tax_documents" USING btree ("issued_on" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_key_check" CHECK ("shop_settings"."key" in ('shopName', 'shopEmail', 'phone', 'whatsappNumber', 'address', 'businessHours', 'shopTimeZone', 'socialUrl', 'upiId', 'bankDetails', 'gstin', 'defaultGstRate', 'offerValidityDays', 'offerTerms', 'dailyDigest', 'searchSynonyms', 'displayCurrencies', 'advancePercent', 'upiPaymentLimit', 'facebookUrl', 'youtubeUrl', 'pinterestUrl', 'homeStat1Value', 'homeStat1Label', 'homeStat2Value', 'homeStat2Label', 'homeStat3Value', 'homeStat3Label', 'homeStat4Value', 'homeStat4Label', 'newsletterLine', 'invoicePrefix', 'lutArn', 'lutFinancialYear'));--> statement-breakpoint
-- docs/decisions/027: an issued document is never changed or deleted; a mistake is corrected by a credit note.
CREATE FUNCTION tax_documents_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'An issued tax document is never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER tax_documents_final BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION tax_documents_are_final();
