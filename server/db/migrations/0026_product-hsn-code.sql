-- docs/decisions/027: a product's HSN code for its tax invoice line. The seed catalogue's pieces
-- get the code of their material (core/tax/hsn.ts suggestedHsnCode); the owner's own pieces stay
-- empty until the owner sets them in the product console.
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '6802' WHERE "hsn_code" IS NULL AND "id" IN ('banswara-cake-stand', 'makrana-pedestal-cake-stand', 'parchin-kari-serving-bowl', 'soapstone-spice-box', 'boat-ganesh', 'flute-krishna', 'meditating-buddha', 'carved-marble-diya-set', 'floral-inlay-marble-urli', 'jaali-candle-holder', 'green-marble-soap-dish', 'soapstone-oil-burner', 'marble-pen-stand', 'wine-chiller-black', 'wine-chiller-white', 'inlay-marble-coaster-set', 'carved-marble-ashtray');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '7418' WHERE "hsn_code" IS NULL AND "id" IN ('hammered-brass-serving-bowl', 'lotus-urli', 'brass-tealight-trio', 'brass-aroma-diffuser', 'pierced-brass-lantern', 'brass-cigar-ashtray');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '6913' WHERE "hsn_code" IS NULL AND "id" IN ('jaipur-blue-pottery-platter', 'kutch-clay-serving-pot');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '8306' WHERE "hsn_code" IS NULL AND "id" IN ('brass-ganesh-idol', 'brass-nandi', 'brass-bell-toran');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '4420' WHERE "hsn_code" IS NULL AND "id" IN ('nathdwara-krishna-panel', 'sheesham-brass-coasters');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '7013' WHERE "hsn_code" IS NULL AND "id" IN ('rose-quartz-tree-of-life');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_check" CHECK ("products"."hsn_code" ~ '^[0-9]{4,8}$');