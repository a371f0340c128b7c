// Answers of the loyalty «Мультионы» calls (SPEC §3 Bonus balance and history, §4 Loyalty balance);
// routes/loyalty.ts declares them, services/loyalty.ts builds them and the api-client reads their types.
import { z } from '@hono/zod-openapi';
import { BONUS_ENTRY_KINDS } from '@store/domain';

export const BalanceSchema = z
  .object({
    total: z.number().int(),
    available: z.number().int(),
    blocked: z.number().int(),
    pending: z.number().int(),
    systemName: z.string(),
    balanceType: z.object({ name: z.string() }),
    expiring_soon: z.object({ amount: z.number().int(), date: z.string() }).nullable(),
  })
  .openapi('BonusBalance');
export type BonusBalance = z.infer<typeof BalanceSchema>;

export const CardSchema = z
  .object({
    card_id: z.string().openapi({ description: 'EAN-13 card number' }),
    check_data: z.string().openapi({ description: 'The card token: proves the card in products-limit' }),
    balance: z.number().int().openapi({ description: 'Available bonuses' }),
    bonuses: BalanceSchema,
  })
  .openapi('LoyaltyCard');
export type LoyaltyCard = z.infer<typeof CardSchema>;

export const HistoryActionSchema = z
  .object({
    order: z.number().int().nullable(),
    dateTimeUtc: z.string(),
    title: z.string(),
    /** The action's sum: positive credits, negative debits. */
    amount: z.number().int(),
    customerBalanceChanges: z.array(
      z.object({
        balanceChangeKind: z.enum(BONUS_ENTRY_KINDS),
        changeAmount: z.number().int(),
        expirationDateTimeUtc: z.string().nullable(),
        isAvailable: z.boolean(),
        availableFromDateTimeUtc: z.string().nullable(),
        comment: z.string().nullable(),
        title: z.string(),
      }),
    ),
  })
  .openapi('BonusHistoryAction');
export type BonusHistoryAction = z.infer<typeof HistoryActionSchema>;

export const NoticeSchema = z.object({
  id: z.string(),
  type: z.enum(['expiring', 'blocked', 'pending']),
  text: z.string(),
  date: z.string().nullable(),
});
export type LoyaltyNotice = z.infer<typeof NoticeSchema>;

export const ProductsLimitSchema = z.object({
  maxAmount: z.number().int(),
  available: z.number().int().nullable(),
  spendable: z.number().int().nullable(),
  products: z.array(z.object({ product_id: z.number().int(), max_amount: z.number().int() })),
});
export type ProductsLimit = z.infer<typeof ProductsLimitSchema>;

export const BonusQuoteSchema = z
  .object({
    available: z.number().int().nullable().openapi({ description: 'On the card now; null: sign in to the programme' }),
    max: z.number().int().openapi({ description: "The most bonuses the order's lines can take" }),
    spendable: z
      .number()
      .int()
      .openapi({ description: 'The most the card can spend on the order now: the smaller of max and available' }),
    amount: z.number().int().openapi({ description: 'The amount asked, within the limit and the balance' }),
    applied: z.number().int().openapi({ description: 'Bonuses that amount takes off the lines' }),
  })
  .openapi('CheckoutBonusQuote');
