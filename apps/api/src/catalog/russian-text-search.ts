// PostgreSQL's `russian` text search configuration, in process, for the words of a suggestion query
// (decision 0070): what `to_tsquery('russian', 'word:*')` makes of one word, without asking the database
// for every new prefix typed. The configuration maps
//   - words of Cyrillic letters (the parser's `word`, Latin letters mixed in too) to `russian_stem`:
//     the Russian stop words dropped, the rest stemmed by Snowball's Russian algorithm;
//   - words of Latin letters (`asciiword`) to `english_stem`: the English stop words dropped, the rest
//     stemmed by Snowball's English (Porter2) algorithm;
//   - numbers and words with digits (`uint`, `numword`) to `simple`: the word itself.
// Anything else (other scripts, forms the parser might split) is left to the database: wordLexeme
// answers undefined. The algorithms are written from Snowball's published definitions; the stop word
// lists are the files PostgreSQL ships (tsearch_data/russian.stop and english.stop, the same in
// PostgreSQL 15 and 18). Snowball's English changed once between the PostgreSQL versions the store runs
// on (a doubled consonant after a single a/e/o at the start is kept: «added» → «add», not «ad»), so
// the database is asked which it has (data/search.ts, probeQueryStemmer), and the whole configuration
// is checked against the database when the suggestion index is built.

/** Which Snowball English the database has: PostgreSQL 18 keeps «add» in «added», 15 gives «ad». */
export interface EnglishVariant {
  keepsInitialDouble: boolean;
}

const RUSSIAN_STOP_WORDS = new Set(
  (
    'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот ' +
    'от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять ' +
    'уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без ' +
    'будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один ' +
    'почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после ' +
    'над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед ' +
    'иногда лучше чуть том нельзя такой им более всегда конечно всю между'
  ).split(' '),
);

const ENGLISH_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * The lexeme `to_tsquery('russian', word || ':*')` gives for one word of a query (lower-cased, «ё»
 * already «е», letters and digits only: queryTerms): the lexeme, null for a stop word (dropped from the
 * query), undefined when the word is not one this module is sure of (the database must be asked).
 */
export function wordLexeme(word: string, english: EnglishVariant): string | null | undefined {
  if (word.length === 0 || word.length > 200) return undefined;
  if (/^[a-z]+$/.test(word)) return ENGLISH_STOP_WORDS.has(word) ? null : stemEnglish(word, english);
  if (/^[a-zа-я]+$/.test(word)) return RUSSIAN_STOP_WORDS.has(word) ? null : stemRussian(word);
  // Digits with Latin or Cyrillic letters: `uint` or `numword`, kept as typed by the `simple` dictionary;
  // a number with an exponent («1e5…») is a float the parser may end early, so that one goes to the database.
  if (/^[0-9a-zа-я]+$/.test(word) && !/[0-9]e[0-9]/.test(word)) return word;
  return undefined;
}

// ---------------------------------------------------------------- Snowball Russian

const RUSSIAN_VOWELS = 'аеиоуыэюя';
const isRussianVowel = (ch: string | undefined) => ch !== undefined && RUSSIAN_VOWELS.includes(ch);

const PERFECTIVE_GERUND_AFTER_A = ['в', 'вши', 'вшись'];
const PERFECTIVE_GERUND = ['ив', 'ивши', 'ившись', 'ыв', 'ывши', 'ывшись'];
const ADJECTIVE = [
  'ее', 'ие', 'ые', 'ое', 'ими', 'ыми', 'ей', 'ий', 'ый', 'ой', 'ем', 'им', 'ым', 'ом', 'его', 'ого', 'ему', 'ому',
  'их', 'ых', 'ую', 'юю', 'ая', 'яя', 'ою', 'ею',
]; // prettier-ignore
const PARTICIPLE_AFTER_A = ['ем', 'нн', 'вш', 'ющ', 'щ'];
const PARTICIPLE = ['ивш', 'ывш', 'ующ'];
const REFLEXIVE = ['ся', 'сь'];
const VERB_AFTER_A = [
  'ла',
  'на',
  'ете',
  'йте',
  'ли',
  'й',
  'л',
  'ем',
  'н',
  'ло',
  'но',
  'ет',
  'ют',
  'ны',
  'ть',
  'ешь',
  'нно',
];
const VERB = [
  'ила', 'ыла', 'ена', 'ейте', 'уйте', 'ите', 'или', 'ыли', 'ей', 'уй', 'ил', 'ыл', 'им', 'ым', 'ен', 'ило', 'ыло',
  'ено', 'ят', 'ует', 'уют', 'ит', 'ыт', 'ены', 'ить', 'ыть', 'ишь', 'ую', 'ю',
]; // prettier-ignore
const NOUN = [
  'а', 'ев', 'ов', 'ие', 'ье', 'е', 'иями', 'ями', 'ами', 'еи', 'ии', 'и', 'ией', 'ей', 'ой', 'ий', 'й', 'иям', 'ям',
  'ием', 'ем', 'ам', 'ом', 'о', 'у', 'ах', 'иях', 'ях', 'ы', 'ь', 'ию', 'ью', 'ю', 'ия', 'ья', 'я',
]; // prettier-ignore

/** The longest of `endings` the word ends with, not reaching before `limit` (Snowball's backward `among`). */
function longestEnding(word: string, limit: number, endings: readonly string[]): string | null {
  let best: string | null = null;
  for (const ending of endings) {
    if ((best === null || ending.length > best.length) && word.length - ending.length >= limit && word.endsWith(ending))
      best = ending;
  }
  return best;
}

/** Snowball's Russian stemmer (PostgreSQL's `russian_stem`, after its stop words). */
export function stemRussian(input: string): string {
  let word = input.replaceAll('ё', 'е');
  // RV starts after the first vowel; R2 is R1 of R1 (R1: after the first non-vowel following a vowel).
  const n = word.length;
  let rv = n;
  let r2 = n;
  let i = 0;
  while (i < n && !isRussianVowel(word[i])) i++;
  if (i < n) {
    rv = ++i;
    let passed = 0;
    while (passed < 3 && i < n) {
      const wantVowel = passed % 2 === 1;
      while (i < n && isRussianVowel(word[i]) !== wantVowel) i++;
      if (i === n) break;
      i++;
      passed++;
    }
    if (passed === 3) r2 = i;
  }

  // An ending after «а»/«я» loses only itself; `limit` bounds every match, the «а» included.
  const cut = (ending: string) => (word = word.slice(0, word.length - ending.length));
  const removeAfterA = (group: readonly string[], others: readonly string[]): boolean => {
    const ending = longestEnding(word, rv, [...group, ...others]);
    if (ending === null) return false;
    if (group.includes(ending)) {
      const before = word.length - ending.length - 1;
      if (before < rv || (word[before] !== 'а' && word[before] !== 'я')) return false;
    }
    cut(ending);
    return true;
  };
  const remove = (endings: readonly string[]): boolean => {
    const ending = longestEnding(word, rv, endings);
    if (ending === null) return false;
    cut(ending);
    return true;
  };

  if (!removeAfterA(PERFECTIVE_GERUND_AFTER_A, PERFECTIVE_GERUND)) {
    remove(REFLEXIVE);
    if (remove(ADJECTIVE)) removeAfterA(PARTICIPLE_AFTER_A, PARTICIPLE);
    else if (!removeAfterA(VERB_AFTER_A, VERB)) remove(NOUN);
  }
  if (word.length - 1 >= rv && word.endsWith('и')) cut('и');
  const derivational = longestEnding(word, rv, ['ост', 'ость']);
  if (derivational !== null && word.length - derivational.length >= r2) cut(derivational);
  const tidy = longestEnding(word, rv, ['ейш', 'ейше', 'н', 'ь']);
  if (tidy === 'ейш' || tidy === 'ейше') {
    cut(tidy);
    if (word.length - 2 >= rv && word.endsWith('нн')) cut('н');
  } else if (tidy === 'н') {
    if (word.length - 2 >= rv && word.endsWith('нн')) cut('н');
  } else if (tidy === 'ь') cut('ь');
  return word;
}

// ---------------------------------------------------------------- Snowball English (Porter2)

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};
const UNCHANGED_AFTER_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);
const isVowel = (ch: string | undefined) => ch !== undefined && 'aeiouy'.includes(ch);
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
const STEP_2: [string, string][] = [
  ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['abli', 'able'], ['entli', 'ent'], ['izer', 'ize'],
  ['ization', 'ize'], ['ational', 'ate'], ['ation', 'ate'], ['ator', 'ate'], ['alism', 'al'], ['aliti', 'al'],
  ['alli', 'al'], ['fulness', 'ful'], ['ousli', 'ous'], ['ousness', 'ous'], ['iveness', 'ive'], ['iviti', 'ive'],
  ['biliti', 'ble'], ['bli', 'ble'], ['ogi', 'og'], ['fulli', 'ful'], ['lessli', 'less'], ['li', ''],
]; // prettier-ignore
const STEP_3: [string, string][] = [
  ['tional', 'tion'], ['ational', 'ate'], ['alize', 'al'], ['icate', 'ic'], ['iciti', 'ic'], ['ical', 'ic'],
  ['ful', ''], ['ness', ''], ['ative', ''],
]; // prettier-ignore
const STEP_4 = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive',
  'ize', 'ion',
]; // prettier-ignore

function longestOf<T extends string | [string, string]>(word: string, table: readonly T[]): T | null {
  let best: T | null = null;
  for (const entry of table) {
    const ending = typeof entry === 'string' ? entry : entry[0];
    const bestLength = best === null ? -1 : (typeof best === 'string' ? best : best[0]).length;
    if (ending.length > bestLength && word.endsWith(ending)) best = entry;
  }
  return best;
}

/** Snowball's English stemmer (PostgreSQL's `english_stem`, after its stop words), for words of a–z. */
export function stemEnglish(input: string, variant: EnglishVariant): string {
  const exception = EXCEPTIONS[input];
  if (exception !== undefined) return exception;
  if (input.length < 3) return input;
  // A «y» at the start or after a vowel is a consonant: «Y» until the end.
  const chars = [...input];
  for (let k = 0; k < chars.length; k++) if (chars[k] === 'y' && (k === 0 || isVowel(chars[k - 1]))) chars[k] = 'Y';
  let word = chars.join('');
  const n = word.length;
  const afterVowelThenConsonant = (from: number) => {
    let k = from;
    while (k < n && !isVowel(word[k])) k++;
    while (k < n && isVowel(word[k])) k++;
    return k < n ? k + 1 : n;
  };
  const prefix = ['gener', 'commun', 'arsen'].find((p) => word.startsWith(p));
  const r1 = prefix ? prefix.length : afterVowelThenConsonant(0);
  const r2 = r1 < n ? afterVowelThenConsonant(r1) : n;
  // Before a position: ends in a short syllable (a consonant but w, x, Y after a vowel after a consonant,
  // or a vowel and a consonant that are the whole of it).
  const shortBefore = (end: number) =>
    (end >= 3 &&
      !isVowel(word[end - 1]) &&
      !'wxY'.includes(word[end - 1]!) &&
      isVowel(word[end - 2]) &&
      !isVowel(word[end - 3])) ||
    (end === 2 && !isVowel(word[1]) && isVowel(word[0]));
  const hasVowelBefore = (end: number) => {
    for (let k = 0; k < end; k++) if (isVowel(word[k])) return true;
    return false;
  };

  // Step 1a.
  const s1a = longestOf(word, ['sses', 'ied', 'ies', 's', 'us', 'ss']);
  if (s1a === 'sses') word = word.slice(0, -2);
  else if (s1a === 'ied' || s1a === 'ies') word = word.slice(0, -3) + (word.length - 3 >= 2 ? 'i' : 'ie');
  else if (s1a === 's' && hasVowelBefore(word.length - 2)) word = word.slice(0, -1);

  if (!UNCHANGED_AFTER_1A.has(word)) {
    // Step 1b.
    const s1b = longestOf(word, ['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);
    if (s1b === 'eed' || s1b === 'eedly') {
      if (word.length - s1b.length >= r1) word = word.slice(0, -s1b.length) + 'ee';
    } else if (s1b !== null && hasVowelBefore(word.length - s1b.length)) {
      word = word.slice(0, -s1b.length);
      const end = longestOf(word, ['at', 'bl', 'iz', ...DOUBLES]);
      if (end === 'at' || end === 'bl' || end === 'iz') word += 'e';
      else if (end !== null) {
        const keep = variant.keepsInitialDouble && word.length === 3 && 'aeo'.includes(word[0]!);
        if (!keep) word = word.slice(0, -1);
      } else if (word.length === r1 && shortBefore(word.length)) word += 'e';
    }
    // Step 1c.
    const last = word[word.length - 1];
    if ((last === 'y' || last === 'Y') && word.length > 2 && !isVowel(word[word.length - 2]))
      word = word.slice(0, -1) + 'i';
    // Step 2.
    const s2 = longestOf(word, STEP_2);
    if (s2 !== null && word.length - s2[0].length >= r1) {
      const stem = word.slice(0, -s2[0].length);
      if (s2[0] === 'ogi') {
        if (stem.endsWith('l')) word = stem + 'og';
      } else if (s2[0] === 'li') {
        if ('cdeghkmnrt'.includes(stem[stem.length - 1] ?? '-')) word = stem;
      } else word = stem + s2[1];
    }
    // Step 3.
    const s3 = longestOf(word, STEP_3);
    if (s3 !== null && word.length - s3[0].length >= r1) {
      if (s3[0] !== 'ative' || word.length - s3[0].length >= r2) word = word.slice(0, -s3[0].length) + s3[1];
    }
    // Step 4.
    const s4 = longestOf(word, STEP_4);
    if (s4 !== null && word.length - s4.length >= r2) {
      const stem = word.slice(0, -s4.length);
      if (s4 !== 'ion' || stem.endsWith('s') || stem.endsWith('t')) word = stem;
    }
    // Step 5.
    const s5 = word[word.length - 1];
    if (s5 === 'e') {
      const at = word.length - 1;
      if (at >= r2 || (at >= r1 && !shortBefore(at))) word = word.slice(0, -1);
    } else if (s5 === 'l' && word.length - 1 >= r2 && word[word.length - 2] === 'l') word = word.slice(0, -1);
  }
  return word.replaceAll('Y', 'y');
}
