// Demo «Мультионы» cards (issue 15, README «Мультионы»): two phones whose owners sign in to the programme
// by SMS code (the code is in /dev/outbox with DEV_TOOLS=on) or register with that phone and join from
// /account/loyalty to take the card over. The history is fixed; its dates are relative to the seeding
// moment, so the demo always shows an expiry, a return window still running and bonuses expiring soon.
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../index.ts';

/** EAN-13 of the store's numbering: 2, eleven digits of the card id, the check digit. */
function cardNumber(id: number): string {
  const twelve = `2${String(id).padStart(11, '0')}`;
  const sum = [...twelve].reduce((s, ch, i) => s + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

export const DEMO_LOYALTY_PHONES = ['79000000001', '79000000002'] as const;

interface DemoEntry {
  kind: 'RetailOrderBonus' | 'RetailOrderPayment' | 'Expired' | 'Custom';
  amount: number;
  /** Days from now: when posted, when usable, when it expires. */
  at: number;
  from?: number;
  until?: number;
  lineStatus?: 'Create' | 'I' | 'Completed';
  comment?: string;
  /** Index of the credit in this list that an expiry takes from. */
  reverses?: number;
}

const HISTORIES: DemoEntry[][] = [
  [
    { kind: 'RetailOrderBonus', amount: 350, at: -250, from: -236, until: -70, lineStatus: 'Completed' },
    { kind: 'Expired', amount: -350, at: -70, reverses: 0 },
    { kind: 'RetailOrderBonus', amount: 1240, at: -100, from: -86, until: 94, lineStatus: 'Completed' },
    { kind: 'RetailOrderPayment', amount: -800, at: -60, lineStatus: 'Create' },
    // An order paid partly with bonuses and then cancelled: the write-off and its return.
    { kind: 'RetailOrderPayment', amount: -300, at: -20, lineStatus: 'Create' },
    { kind: 'RetailOrderPayment', amount: 300, at: -19, from: -19, until: 161, lineStatus: 'I' },
    { kind: 'Custom', amount: 500, at: -15, from: -15, until: 10, comment: 'Бонусы ко дню рождения' },
    { kind: 'RetailOrderBonus', amount: 415, at: -3, from: 11, until: 191, lineStatus: 'Completed' },
  ],
  [{ kind: 'Custom', amount: 2000, at: -5, from: -5, until: 175, comment: 'Компенсация за задержку доставки' }],
];

export async function insertDemoLoyalty(handle: DatabaseHandle): Promise<void> {
  const day = (n: number) => `now() + interval '${n} days'`;
  for (const [i, phone] of DEMO_LOYALTY_PHONES.entries()) {
    const [{ id }] = (await handle.query<{ id: number }>(`select nextval('loyalty_cards_id_seq')::int as id`)) as [
      { id: number },
    ];
    await handle.query('insert into loyalty_cards (id, ean, check_data, phone) values ($1, $2, $3, $4)', [
      id,
      cardNumber(id),
      randomBytes(16).toString('base64url'),
      phone,
    ]);
    const ids: number[] = [];
    for (const [n, e] of HISTORIES[i]!.entries()) {
      const rows = await handle.query<{ id: number }>(
        `insert into loyalty_entries (card_id, kind, amount, line_status, comment, reverses_id, posting_key,
                                      created_at, available_from, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, ${day(e.at)}, ${e.from === undefined ? 'null' : day(e.from)},
                 ${e.until === undefined ? 'null' : day(e.until)})
         returning id`,
        [
          id,
          e.kind,
          e.amount,
          e.lineStatus ?? null,
          e.comment ?? null,
          e.reverses === undefined ? null : ids[e.reverses]!,
          `demo:${id}:${n}`,
        ],
      );
      ids.push(rows[0]!.id);
    }
  }
}
