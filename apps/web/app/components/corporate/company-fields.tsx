// Parts both corporate forms (/cart/corporate, /service/corporate) draw the same way: the field
// messages tied to their inputs, and «Найти» beside the ИНН.
import type { MouseEventHandler } from 'react';

/**
 * The aria-describedby of each field `${id}-${name}` (its hint, then its error when it has one) and the
 * error paragraph it points to.
 */
export function fieldMessages<Name extends string>(
  id: string,
  errors: Partial<Record<Name, string>>,
  errorClassName: string,
) {
  return {
    describedBy: (name: Name, hint: boolean) =>
      [hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') ||
      undefined,
    error: (name: Name) =>
      errors[name] ? (
        <p id={`${id}-${name}-error`} className={errorClassName}>
          {errors[name]}
        </p>
      ) : null,
  };
}

/** «Найти»: a submit of intent=find without JavaScript, the page's lookup once hydrated (onFind). */
export function CompanyFindButton({ onFind }: { onFind: MouseEventHandler<HTMLButtonElement> | undefined }) {
  return (
    <button type="submit" name="intent" value="find" className="button" formNoValidate onClick={onFind}>
      Найти
    </button>
  );
}
