// Form fields of the sign-in and account forms: a label, the input, and the §5 message under it
// (announced to screen readers through aria-describedby).
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { PHONE_MASKS, applyMask, nationalPhoneDigits } from '@store/domain';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { name: string; ref?: Ref<HTMLInputElement> };

export function Field({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: string; error?: string | undefined; hint?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The phone as the mask '+7 (###) ###-##-##' shows it while typing ('+7' and a leading 8 are the country digit). */
export function maskPhone(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[78]/.test(digits)) digits = digits.slice(1);
  return applyMask(digits.slice(0, 10), PHONE_MASKS[0]);
}

/**
 * A phone input with the §5 mask. Uncontrolled, so what was typed before the scripts loaded stays;
 * the mask applies as the shopper types (the form posts what was typed when scripts are off).
 */
export function PhoneField({
  label = 'Телефон',
  error,
  defaultValue = '',
  name = 'phone',
  ...rest
}: Omit<InputProps, 'name'> & { label?: string; error?: string | undefined; name?: string; defaultValue?: string }) {
  const national = nationalPhoneDigits(defaultValue);
  const ref = useRef<HTMLInputElement>(null);
  // Digits typed before the scripts loaded get the mask once they do.
  useEffect(() => {
    const input = ref.current;
    if (input && input.value) input.value = maskPhone(input.value);
  }, []);
  return (
    <Field
      ref={ref}
      label={label}
      error={error}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      defaultValue={national ? applyMask(national, PHONE_MASKS[0]) : defaultValue}
      onInput={(event) => {
        const input = event.currentTarget;
        input.value = maskPhone(input.value);
      }}
      {...rest}
    />
  );
}

export function FormMessage({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'ok';
}) {
  if (!message) return null;
  return (
    <p
      className={tone === 'error' ? 'form-alert form-alert-error' : 'form-alert form-alert-ok'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </p>
  );
}

/**
 * «Согласен на обработку персональных данных»: the one consent checkbox of every form (styles/consent.css;
 * the route links it). The §5 message sits under the label and is announced through aria-describedby.
 * `children` words the label when a form asks for more than the processing of personal data.
 */
export function ConsentCheckbox({
  error,
  defaultChecked = false,
  children,
}: {
  error?: string | undefined;
  defaultChecked?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'consent-check has-error' : 'consent-check'}>
      <input
        id={id}
        type="checkbox"
        name="consent"
        defaultChecked={defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        {children ?? (
          <>
            Согласен на <a href="/prm/personal-data">обработку персональных данных</a>
          </>
        )}
      </label>
      {error ? (
        <p className="consent-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
