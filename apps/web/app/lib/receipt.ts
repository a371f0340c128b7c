// Formatting of the receipt page (/cart/receipt/{id}): the payment's date and time in Moscow time.

/** «21.11.2026 07:15» in Moscow time (UTC+3) for an ISO instant; empty when there is none. */
export function formatReceiptTime(iso: string | null): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const moscow = new Date(time + 3 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(moscow.getUTCDate())}.${two(moscow.getUTCMonth() + 1)}.${moscow.getUTCFullYear()} ` +
    `${two(moscow.getUTCHours())}:${two(moscow.getUTCMinutes())}`
  );
}
