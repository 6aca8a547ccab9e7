-- docs/decisions/019: a reference's day is the shop's day in the shop's time zone, a setting. The module that
-- makes requests gives the day's prefix ('Q-YYYYMMDD-', from core/time/shop-calendar.ts); the trigger
-- draws that day's next number. An insert that gives no reference (the seed, a test's row) is drawn
-- as migration 0008 did.
CREATE OR REPLACE FUNCTION "quotation_requests_reference"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	made_at timestamptz;
	day_start timestamptz;
	day_prefix text;
	last_sequence integer;
BEGIN
	IF NEW."reference" IS NOT NULL AND NEW."reference" <> '' AND NEW."reference" !~ '^Q-[0-9]{8}-$' THEN
		RETURN NEW;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('quotation-reference'));
	made_at := coalesce(NEW."created_at", now());
	IF NEW."reference" ~ '^Q-[0-9]{8}-$' THEN
		day_prefix := NEW."reference";
		-- A shop day lies within 14 hours either side of its UTC day, whatever the zone: the window
		-- keeps the draw on the created_at index.
		day_start := made_at - interval '2 days';
		SELECT coalesce(max(substring("reference" FROM length(day_prefix) + 1)::integer), 0)
			INTO last_sequence
			FROM "quotation_requests"
			WHERE "created_at" >= day_start AND "created_at" < made_at + interval '2 days'
				AND "reference" LIKE day_prefix || '%';
	ELSE
		day_start := date_trunc('day', made_at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
		day_prefix := 'Q-' || to_char(made_at AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || '-';
		SELECT coalesce(max(substring("reference" FROM length(day_prefix) + 1)::integer), 0)
			INTO last_sequence
			FROM "quotation_requests"
			WHERE "created_at" >= day_start AND "created_at" < day_start + interval '1 day'
				AND "reference" LIKE day_prefix || '%';
	END IF;
	NEW."reference" := day_prefix || lpad((last_sequence + 1)::text, 4, '0');
	RETURN NEW;
END;
$$;
