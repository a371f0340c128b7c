// Shared by the specs that register customers: a fresh phone and the code the SMS outbox holds for it.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A phone no other test uses: 79 + 9 digits from the time and a random part. */
export function newPhone(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`.padStart(9, '0').slice(-9);
  return `79${digits}`;
}

/** The registration code last sent to `phone`, read from the dev outbox once it arrives. */
export async function registerCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?recipient=${phone}&limit=5`);
    const messages = (await response.json()) as { body: string; template: string }[];
    code = /(\d{6})/.exec(messages.find((m) => m.template === 'code-register')?.body ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass();
  return code!;
}
