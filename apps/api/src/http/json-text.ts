// JSON text made once per object instead of once per answer (decision 0086). A listing answer is three
// quarters product cards (24 of about 950 characters in a 32 KB answer at a million products), and the
// cards come from the card cache (decision 0041), the same objects call after call until the product
// changes: their text is kept beside them (a WeakMap, gone with the card), and a listing's JSON is the
// rest of the answer stringified with the cards' texts spliced in. The text is what JSON.stringify of
// the whole answer gives, byte for byte (json-text.test.ts).
import { randomBytes } from 'node:crypto';

/** The JSON text of objects that do not change once made (cached cards), made at their first answer. */
const texts = new WeakMap<object, string>();

/** `value`'s JSON text, made once: only for objects nobody changes after (a cached product card). */
export function jsonOfUnchanging(value: object): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/** Answers whose JSON text a function of their own writes (`stringifyAnswer`). */
const writers = new WeakMap<object, () => string>();

/** Marks `answer` to be written by `write` (its text as JSON.stringify(answer) would give it); answers `answer`. */
export function withJsonText<T extends object>(answer: T, write: (answer: T) => string): T {
  writers.set(answer, () => write(answer));
  return answer;
}

/** An answer's JSON text: by its own writer when it has one (withJsonText), else JSON.stringify. */
export function stringifyAnswer(answer: unknown): string {
  const write = typeof answer === 'object' && answer !== null ? writers.get(answer) : undefined;
  return write ? write() : JSON.stringify(answer);
}

/**
 * Stands for an array in the answer while the rest of it is stringified: a string no answer holds (a
 * random part per process), replaced by the array's text once.
 */
const MARK = `\u0000json-text:${randomBytes(12).toString('hex')}`;
const MARK_TEXT = JSON.stringify(MARK);

/**
 * The JSON text of `answer` with its `key` array written from its items' kept texts
 * (`jsonOfUnchanging`): the same text as JSON.stringify(answer). The key keeps its place in the object.
 */
export function jsonWithKeptItems<T extends object, K extends keyof T>(answer: T, key: K): string {
  const items = answer[key] as unknown;
  if (!Array.isArray(items)) return JSON.stringify(answer);
  const rest = JSON.stringify({ ...answer, [key]: MARK });
  const at = rest.indexOf(MARK_TEXT);
  if (at < 0) return JSON.stringify(answer);
  let list = '[';
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (i > 0) list += ',';
    // Anything but a plain object (null, a number…) as JSON.stringify writes it in an array.
    list += typeof item === 'object' && item !== null ? jsonOfUnchanging(item) : (JSON.stringify(item) ?? 'null');
  }
  list += ']';
  return rest.slice(0, at) + list + rest.slice(at + MARK_TEXT.length);
}
