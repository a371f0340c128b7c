-- Issue 13, the stores: each city's time zone (a store's «открыто сейчас» is read on its city's clock),
-- the stores' holiday hours, and photos of the multicenters and service centres. The seed writes the
-- same values for a new database (packages/db/src/seed/stores.ts: CITY_TIME_ZONES, holidaysFor, imagesFor).
ALTER TABLE "cities" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;
--> statement-breakpoint
UPDATE "cities" SET "time_zone" = CASE "alias"
  WHEN 'samara' THEN 'Europe/Samara'
  WHEN 'tolyatti' THEN 'Europe/Samara'
  WHEN 'izhevsk' THEN 'Europe/Samara'
  WHEN 'ulyanovsk' THEN 'Europe/Ulyanovsk'
  WHEN 'saratov' THEN 'Europe/Saratov'
  WHEN 'volgograd' THEN 'Europe/Volgograd'
  WHEN 'ekaterinburg' THEN 'Asia/Yekaterinburg'
  WHEN 'chelyabinsk' THEN 'Asia/Yekaterinburg'
  WHEN 'satka' THEN 'Asia/Yekaterinburg'
  WHEN 'ufa' THEN 'Asia/Yekaterinburg'
  WHEN 'perm' THEN 'Asia/Yekaterinburg'
  WHEN 'tyumen' THEN 'Asia/Yekaterinburg'
  WHEN 'orenburg' THEN 'Asia/Yekaterinburg'
  WHEN 'omsk' THEN 'Asia/Omsk'
  WHEN 'novosibirsk' THEN 'Asia/Novosibirsk'
  WHEN 'barnaul' THEN 'Asia/Barnaul'
  WHEN 'tomsk' THEN 'Asia/Tomsk'
  WHEN 'kemerovo' THEN 'Asia/Novokuznetsk'
  WHEN 'novokuznetsk' THEN 'Asia/Novokuznetsk'
  WHEN 'krasnoyarsk' THEN 'Asia/Krasnoyarsk'
  WHEN 'irkutsk' THEN 'Asia/Irkutsk'
  WHEN 'habarovsk' THEN 'Asia/Vladivostok'
  WHEN 'vladivostok' THEN 'Asia/Vladivostok'
  WHEN 'kaliningrad' THEN 'Europe/Kaliningrad'
  ELSE "time_zone" END;
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "holidays" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "stores" SET "holidays" = CASE
  WHEN "type" = 1 THEN '[{"date":"2026-12-31","from":"10:00","to":"18:00","note":"Предпраздничный день"},{"date":"2027-01-01","from":"12:00","to":"20:00","note":"Новый год"},{"date":"2027-01-07","from":"12:00","to":"20:00","note":"Рождество"}]'::jsonb
  WHEN "type" IN (10, 13, 14) THEN '[{"date":"2026-12-31","from":"10:00","to":"17:00","note":"Предпраздничный день"},{"date":"2027-01-01","from":null,"to":null,"note":"Новый год"},{"date":"2027-01-02","from":null,"to":null,"note":"Новогодние каникулы"}]'::jsonb
  WHEN "type" = 99 THEN '[{"date":"2026-12-31","from":null,"to":null,"note":"Предпраздничный день"},{"date":"2027-01-01","from":null,"to":null,"note":"Новый год"},{"date":"2027-01-02","from":null,"to":null,"note":"Новогодние каникулы"},{"date":"2027-01-03","from":null,"to":null,"note":"Новогодние каникулы"}]'::jsonb
  ELSE '[]'::jsonb END;
--> statement-breakpoint
UPDATE "stores" SET "images" = jsonb_build_array(
  '/img/store/' || "id" || '.svg', '/img/store/' || "id" || '-2.svg', '/img/store/' || "id" || '-3.svg')
WHERE "type" IN (1, 99);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "brand_codes" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "stores" SET "brand_codes" = coalesce(
  (SELECT array_agg(b."code" ORDER BY b."id") FROM "brands" b WHERE b."is_popular" AND (b."id" + "stores"."id") % 3 <> 0),
  '{}')
WHERE "type" = 99;
