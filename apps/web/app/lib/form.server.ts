// The one way a page action reads its form (docs/decisions/0011): only POST (405 otherwise), only a
// form's content types, and a body that does not parse is a 400 with a Russian message, never a 500.
// Size, NUL bytes and lone surrogates are refused before React Router runs (server/store-app.ts).
import { data } from 'react-router';

export const PAGE_FORM_METHODS = 'GET, HEAD, POST';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export async function readForm(request: Request): Promise<FormData> {
  if (request.method !== 'POST') {
    throw data('Этот адрес принимает только отправку формы (POST).', {
      status: 405,
      headers: { Allow: PAGE_FORM_METHODS },
    });
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw data('Форма отправлена в неизвестном формате.', { status: 400 });
  }
  try {
    return await request.formData();
  } catch {
    throw data('Не удалось прочитать данные формы: отправьте её ещё раз.', { status: 400 });
  }
}
