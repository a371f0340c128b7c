// Error shape of SPEC §7: {status, message, errors: {field: [messages]}}; never a 500 for bad input.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export interface ApiErrorBody {
  status: number;
  message: string;
  errors: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Не найдено') => new ApiError(404, message);

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  errors: Record<string, string[]> = {},
) {
  const body: ApiErrorBody = { status, message, errors };
  return c.json(body, status);
}

/** Zod issues in the wording of SPEC §5 where it has one. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  // A message written in Russian in a schema is ours: it wins over the generic wording.
  if (/[а-яё]/i.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.includes('received undefined') || issue.message.includes('received null')) {
        return 'Это поле необходимо заполнить.';
      }
      if (issue.expected === 'number' || issue.expected === 'int') return 'Допустимы только цифры.';
      return 'Некорректное значение.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'Это поле необходимо заполнить.'
          : `Пожалуйста, введите не меньше ${issue.minimum} символов.`;
      }
      if (issue.origin === 'number') return `Значение должно быть не меньше ${issue.minimum}.`;
      return `Нужно не меньше ${issue.minimum} значений.`;
    case 'too_big':
      if (issue.origin === 'string') return `Пожалуйста, введите не больше ${issue.maximum} символов.`;
      if (issue.origin === 'number') return `Значение должно быть не больше ${issue.maximum}.`;
      return `Нужно не больше ${issue.maximum} значений.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Пожалуйста, введите корректный email.';
      return 'Некорректный формат.';
    case 'invalid_value':
      return `Допустимые значения: ${issue.values.map(String).join(', ')}.`;
    default:
      return issue.message || 'Некорректное значение.';
  }
}

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issueMessage(issue));
  }
  return errors;
}

/**
 * A database refusal caused by the request's values (SQLSTATE class 22, data exception: a number out
 * of range, a NUL byte, bad text for a type; class 54, a value too complex): the status and message
 * to answer, or null for a fault of ours. The input gate and the id schemas stop these first; this is
 * the net under them (docs/decisions/0011).
 */
export function inputFaultOf(error: unknown): { status: 400; message: string } | null {
  for (let cause = error, hops = 0; cause && hops < 5; hops++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) {
      return { status: 400, message: 'Некорректное значение в запросе' };
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
