// «Проверить баланс» of /certificate: a code in the §5 mask (16 characters starting with X) and its balance.
import { Form } from 'react-router';
import type { GiftCertificateBalance } from '@store/api-client';
import { formatPrice } from '@store/domain';

interface Props {
  result: { code: string; balance: GiftCertificateBalance | null; error: string | null } | null;
  busy: boolean;
}

const STATE_TEXT: Record<GiftCertificateBalance['state'], string> = {
  active: 'Действует',
  spent: 'Использован полностью',
  expired: 'Срок действия истёк',
};

export function CertificateBalanceForm({ result, busy }: Props) {
  const b = result?.balance ?? null;
  return (
    <section className="gc-card gc-check" aria-labelledby="gc-check-title">
      <h2 id="gc-check-title">Проверить баланс</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="balance" />
        <div className="gc-field">
          <label htmlFor="gc-code">Код сертификата</label>
          <input
            id="gc-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={19}
            placeholder="X___-____-____-____"
            defaultValue={result?.code ?? ''}
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? 'gc-code-error' : undefined}
          />
          {result?.error ? (
            <p className="gc-error" id="gc-code-error">
              {result.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button gc-submit" disabled={busy}>
          Проверить
        </button>
      </Form>
      {b ? (
        <div className="gc-balance" role="status">
          <p className="gc-balance-sum">{formatPrice(b.balance)}</p>
          <p>
            {STATE_TEXT[b.state]} · номинал {formatPrice(b.nominal)}
            {b.expires_at && b.state !== 'expired'
              ? ` · до ${new Date(b.expires_at).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })}`
              : ''}
          </p>
          <p className="muted">{b.code}</p>
        </div>
      ) : null}
    </section>
  );
}
