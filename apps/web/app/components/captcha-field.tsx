// The captcha of the sign-in forms (SPEC §5: site key and version). The local question is a plain
// field with its signed token (works without JavaScript); a provider's widget is its script and
// container with the site key and version, whose response the form posts.
import type { CaptchaState } from '@store/api-client';
import { Field } from './form-fields.tsx';

const PROVIDER_SCRIPT = 'https://www.google.com/recaptcha/api.js';

export function CaptchaField({ captcha, error }: { captcha: CaptchaState; error?: string | undefined }) {
  if (!captcha.enabled) return null;
  if (captcha.provider === 'local' && captcha.token && captcha.question) {
    return (
      <>
        <input type="hidden" name="captcha_token" value={captcha.token} />
        <Field
          key={captcha.token}
          label={`Проверка: ${captcha.question}`}
          name="captcha_answer"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          error={error}
          required
        />
      </>
    );
  }
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <script src={PROVIDER_SCRIPT} async defer />
      <div className="g-recaptcha" data-sitekey={captcha.site_key ?? ''} data-version={captcha.version ?? ''} />
      {error ? <p className="form-error">{error}</p> : null}
    </div>
  );
}
