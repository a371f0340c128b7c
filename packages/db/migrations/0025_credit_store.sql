-- Issue 17, credit in checkout: loan (payment 48) in the cities that take credit online, and the two
-- bank-flagged promotions checkout derives payment 20's variants 0-0-24 and 0-0-36 from (their largest
-- max_loan bounds the order). The seed writes the same rows (packages/db/src/seed/actions.ts,
-- stores.ts); here they reach a store seeded before. A fresh database has no products yet: nothing
-- is inserted and the seed writes them.
UPDATE "cities" SET "payment_type_ids" = array_append("payment_type_ids", 48)
 WHERE 13 = ANY ("payment_type_ids") AND NOT 48 = ANY ("payment_type_ids");
--> statement-breakpoint
INSERT INTO "actions" ("id", "parent_id", "public_name", "public_description", "action_type", "delivery_ids",
  "payment_ids", "sum_action_ids", "required", "promocode", "discount", "is_trade_in_action", "mechanics",
  "bank_flags", "deferreds", "is_credit", "installment_limit", "price_from", "should_add_warranties",
  "warranty_brand_id", "warranty_category_id", "starts_at", "ends_at", "is_hidden", "sort")
SELECT v.id, NULL, v.public_name, v.public_description, 'info', '{1}', '{20}', '{}', false, NULL, 0, false,
       '{"type":"bank_instalment","conditions":[{"type":"main_product"}],"params":{}}'::jsonb,
       v.bank_flags::jsonb, v.deferreds::jsonb, true, NULL, NULL, false, NULL, NULL,
       now() - interval '30 days', NULL, true, v.sort
  FROM (VALUES
    (108, 'Рассрочка 0-0-24 от банков-партнёров',
     '24 месяца без первого взноса и переплаты: Т-Банк, ОТП Банк и Почта Банк. Заказ до 200 000 ₽.',
     '{"bank_installment":true,"banks":["Т-Банк","ОТП Банк","Почта Банк"],"months":[24]}',
     '[{"max_loan":15000000},{"max_loan":20000000}]', 90),
    (109, 'Рассрочка 0-0-36 от банков-партнёров',
     '36 месяцев без первого взноса и переплаты: Т-Банк и Почта Банк. Заказ до 300 000 ₽.',
     '{"bank_installment":true,"banks":["Т-Банк","Почта Банк"],"months":[36]}',
     '[{"max_loan":30000000}]', 91)
  ) AS v (id, public_name, public_description, bank_flags, deferreds, sort)
 WHERE EXISTS (SELECT 1 FROM "products")
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "action_products" ("action_id", "role", "product_id")
SELECT 108, 'main', p.id FROM "products" p
 WHERE p.status = 1 AND p.category_id = ANY ('{201,224,301,401,403}'::int[])
   AND EXISTS (SELECT 1 FROM "actions" WHERE "id" = 108)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "action_products" ("action_id", "role", "product_id")
SELECT 109, 'main', p.id FROM "products" p
 WHERE p.status = 1 AND p.category_id = ANY ('{201,401}'::int[]) AND p.id % 4 <> 3
   AND EXISTS (SELECT 1 FROM "actions" WHERE "id" = 109)
ON CONFLICT DO NOTHING;
