// The guest's sign-in to «Мультионы» by phone and SMS code (SPEC §4 Loyalty login), and the product
// page's personal line built on it (§4 Loyalty balance: a guest product page reads the cookie card).
// The forms post to /user/loyalty, so they work before hydration; once hydrated a fetcher runs them
// in place and the page comes back with the card's balance.
import { useEffect, useId, useState, type InputHTMLAttributes } from 'react';
import { Form, useFetcher, useLocation, type FetcherWithComponents } from 'react-router';
import type { ProductsLimit } from '@store/api-client';
import { formatBonuses, formatBonusesInstrumental } from '@store/domain';
import { browserApi } from '../../lib/browser-api.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import {
  balanceAfterLimitFailure,
  IN_PLACE_FIELD,
  loyaltySignInHref,
  type LoyaltyBalanceFacts,
  type LoyaltySignInState,
} from '../../lib/loyalty-sign-in.ts';

/** One labelled field with the server's message under it (§8: SMS and code failures in the field). */
function SignInField({
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error: string | undefined }) {
  const id = useId();
  return (
    <div className="lb-signin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p className="lb-signin-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function LoyaltySignInForm({
  back,
  productId,
  state,
  fetcher,
}: {
  back: string;
  /** The product whose balance line the sign-in is for: the answer without JavaScript shows it. */
  productId: number | null;
  state: LoyaltySignInState | undefined;
  fetcher?: FetcherWithComponents<LoyaltySignInState>;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== 'idle' : false;
  const action = loyaltySignInHref(back, productId);
  if (state?.step === 'code') {
    return (
      <FormTag method="post" action={action} className="lb-signin-form" noValidate>
        <input type="hidden" name="intent" value="loyalty-check" />
        {fetcher && hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value="1" /> : null}
        <input type="hidden" name="phone" value={state.phone} />
        <input type="hidden" name="request_id" value={state.requestId} />
        {state.message ? (
          <p className="co-ok" role="status">
            {state.message} на номер {state.phone}
          </p>
        ) : null}
        <SignInField
          label="Код из SMS"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="______"
          error={state.errors.code}
          required
        />
        <div className="lb-signin-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Войти
          </button>
          <a href={action} className="lb-signin-again">
            Изменить номер
          </a>
        </div>
      </FormTag>
    );
  }
  return (
    <FormTag method="post" action={action} className="lb-signin-form" noValidate aria-describedby={`${id}-about`}>
      <input type="hidden" name="intent" value="loyalty-send" />
      <p id={`${id}-about`} className="muted">
        Введите телефон, к которому привязана карта «Мультионы»: мы пришлём код в SMS. Если карты ещё нет, она появится.
      </p>
      <SignInField
        label="Телефон"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        maxLength={20}
        defaultValue={state?.phone ?? ''}
        error={state?.errors.phone}
        required
      />
      <button type="submit" className="button" disabled={busy}>
        Получить код
      </button>
    </FormTag>
  );
}

type Known = LoyaltyBalanceFacts;

/** The card's balance for this product, asked after hydration (the page itself is the same for everyone). */
function useCardLimit(productId: number): Known | null {
  const location = useLocation();
  const [known, setKnown] = useState<Known | null>(null);
  useEffect(() => {
    let live = true;
    browserApi.loyalty.productsLimit({ products: [{ product_id: productId, qty: 1 }] }).then(
      (limit: ProductsLimit) => {
        if (live)
          setKnown(limit.available === null ? null : { available: limit.available, spendable: limit.spendable ?? 0 });
      },
      (error: unknown) => {
        // §8: a 404 or «пока нет бонусов» means balance 0; other loyalty load failures hide the line.
        if (!live) return;
        const zero = balanceAfterLimitFailure(error);
        if (zero) setKnown(zero);
        else console.warn('loyalty: products-limit failed', error);
      },
    );
    return () => {
      live = false;
    };
  }, [productId, location.key]);
  return known;
}

/** «На вашей карте N бонусов: можно оплатить до M бонусами» (§4 Loyalty balance; 0 is «пока нет бонусов»). */
export function LoyaltyBalanceLine({ known }: { known: Known }) {
  return (
    <p className="lb-product-balance" data-testid="loyalty-balance">
      {known.available > 0 ? (
        <>
          На вашей карте {formatBonuses(known.available)}: можно оплатить до{' '}
          {formatBonusesInstrumental(known.spendable)}
        </>
      ) : (
        'На вашей карте «Мультионы» пока нет бонусов'
      )}
    </p>
  );
}

export function ProductLoyaltyBalance({ productId }: { productId: number }) {
  const location = useLocation();
  const known = useCardLimit(productId);
  const fetcher = useFetcher<LoyaltySignInState>();
  if (known) return <LoyaltyBalanceLine known={known} />;
  return (
    <details className="lb-signin">
      <summary>Войти в «Мультионы» и узнать свой баланс</summary>
      <LoyaltySignInForm back={location.pathname} productId={productId} state={fetcher.data} fetcher={fetcher} />
    </details>
  );
}
