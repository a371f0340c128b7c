// The form behind «Написать отзыв» / «Задать вопрос» for a signed-in customer (POST /v2/comments/create,
// stored for moderation). Opened by a click only, so it comes as a chunk of its own (components/comment-post.tsx).
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@store/api-client';
import { browserApi } from '../lib/browser-api.ts';
import { FormMessage } from './form-fields.tsx';

export type CommentKind = 'review' | 'question';

export function PostForm({
  productId,
  type,
  onDone,
}: {
  productId: number;
  type: CommentKind;
  onDone: (text: string) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const body: Record<string, unknown> = { product_id: productId, type, text: text('text') };
    if (type === 'review') {
      if (text('rate')) body.rate = Number(text('rate'));
      if (text('pros')) body.pros = text('pros');
      if (text('cons')) body.cons = text('cons');
    }
    setBusy(true);
    try {
      await browserApi.request('POST', '/v2/comments/create', {}, body);
      onDone(
        type === 'review' ? 'Спасибо! Отзыв появится после проверки.' : 'Спасибо! Вопрос появится после проверки.',
      );
    } catch (error) {
      if (!isApiError(error) || !error.body) throw error;
      const next: Record<string, string> = {};
      for (const [field, list] of Object.entries(error.body.errors)) if (list[0]) next[field] = list[0];
      setErrors(next);
      setMessage(Object.keys(next).length > 0 ? null : error.body.message);
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form
      className="pp-post-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={type === 'review' ? 'Новый отзыв' : 'Новый вопрос'}
    >
      {type === 'review' ? (
        <div className="pp-post-field">
          <label htmlFor={`${id}-rate`}>Оценка</label>
          <select
            id={`${id}-rate`}
            name="rate"
            defaultValue=""
            aria-invalid={errors.rate ? true : undefined}
            aria-describedby={described('rate')}
          >
            <option value="">Выберите оценку</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {errorOf('rate')}
        </div>
      ) : null}
      <div className="pp-post-field">
        <label htmlFor={`${id}-text`}>{type === 'review' ? 'Отзыв' : 'Вопрос'}</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={described('text')}
        />
        {errorOf('text')}
      </div>
      {type === 'review' ? (
        <>
          <div className="pp-post-field">
            <label htmlFor={`${id}-pros`}>Достоинства</label>
            <textarea id={`${id}-pros`} name="pros" rows={2} />
            {errorOf('pros')}
          </div>
          <div className="pp-post-field">
            <label htmlFor={`${id}-cons`}>Недостатки</label>
            <textarea id={`${id}-cons`} name="cons" rows={2} />
            {errorOf('cons')}
          </div>
        </>
      ) : null}
      <FormMessage message={message} />
      <button type="submit" className="button button-primary" disabled={busy}>
        Отправить
      </button>
    </form>
  );
}
