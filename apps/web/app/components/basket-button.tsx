// «Купить» / «В корзину»: a form posting to the /cart action (works without JavaScript: it adds and
// redirects to /cart), enhanced to add through the browser API and turn into «В корзине». The
// in-basket state is read in the browser only: product pages come from the page cache.
import { useState, type FormEvent } from 'react';
import { isApiError } from '@store/api-client';
import { useNavigate } from 'react-router';
import { addSetToBasket, addToBasket, useInBasket } from '../lib/basket.ts';
import { AppLink } from './app-link.tsx';

export function BasketButton({
  productId,
  warrantyId,
  supplierId,
  label = 'Купить',
  ariaLabel,
  className = 'button button-primary',
}: {
  productId: number;
  warrantyId?: number;
  supplierId?: number;
  label?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const inBasket = useInBasket(productId, warrantyId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (inBasket) {
    return (
      <AppLink to="/cart" className={`${className} button-in-basket`}>
        В корзине
      </AppLink>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await addToBasket({
        product_id: productId,
        ...(warrantyId ? { warranty_id: warrantyId } : {}),
        ...(supplierId ? { supplier_id: supplierId } : {}),
      });
    } catch (e) {
      setError(
        isApiError(e) && e.body
          ? (Object.values(e.body.errors).flat()[0] ?? e.body.message)
          : 'Не удалось добавить товар в корзину',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/cart" className="basket-form" onSubmit={submit}>
      <input type="hidden" name="product_id" value={productId} />
      {warrantyId ? <input type="hidden" name="warranty_id" value={warrantyId} /> : null}
      {supplierId ? <input type="hidden" name="supplier_id" value={supplierId} /> : null}
      {/* The intent rides on the only button (sent with the form as its submitter): one hidden input
          fewer in every product card of a listing. */}
      <button type="submit" name="intent" value="add" className={className} disabled={busy} aria-label={ariaLabel}>
        {label}
      </button>
      {error ? (
        <p role="alert" className="basket-form-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A product with accessories (a bundle, or the accessory block's selection) and optionally a
 * warranty: accessories become child lines of the product line. `warrantyId` is the selection key
 * of a warranty (its id negated) or a warranty id. Goes to /cart when done.
 */
export function AddSetButton({
  productId,
  accessoryIds,
  warrantyId,
  label,
}: {
  productId: number;
  accessoryIds: readonly number[];
  warrantyId?: number | undefined;
  label: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const warranty = warrantyId === undefined ? null : Math.abs(warrantyId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await addSetToBasket(productId, accessoryIds, warranty);
      await navigate('/cart');
    } catch (e) {
      setError(isApiError(e) && e.body ? e.body.message : 'Не удалось добавить товары в корзину');
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/cart" className="basket-form" onSubmit={submit}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      {accessoryIds.map((id) => (
        <input key={id} type="hidden" name="accessory_id" value={id} />
      ))}
      {warranty ? <input type="hidden" name="warranty_id" value={warranty} /> : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {label}
      </button>
      {error ? (
        <p role="alert" className="basket-form-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
