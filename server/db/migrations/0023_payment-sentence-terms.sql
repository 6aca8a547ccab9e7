-- The offer's payment sentence is made from its own advance (core/orders/payment-terms.ts
-- paymentTermsSentence, docs/decisions/025-advance-and-balance.md), so the default terms no longer
-- say "50% advance": a shop that saved the old default text, and a draft offer still holding it,
-- get the new default. Terms the owner wrote keep their words; sent offers stay as they were sent.
UPDATE "shop_settings"
SET "value" = 'Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.'
WHERE "key" = 'offerTerms'
  AND "value" = '50% advance with the order, the balance before dispatch. Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.';--> statement-breakpoint
UPDATE "quotation_offers"
SET "terms" = 'Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.'
WHERE "status" = 'draft'
  AND "terms" = '50% advance with the order, the balance before dispatch. Prices include packing. Each piece is handmade, so grain, colour and size vary slightly from the photographs.';
