// Search history of SPEC §4 Other: at most 7 queries, newest first. Guests keep it in session
// storage; signed-in users would keep it in a 6-hour cookie, but the store has no sign-in yet,
// so every visitor is a guest here.
import { BROWSER_STORAGE_KEY, addToSearchHistory } from '@store/domain';

export function readSearchHistory(): string[] {
  try {
    const raw = sessionStorage.getItem(BROWSER_STORAGE_KEY.searchHistory);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    // Storage disabled or a damaged entry: start a new history.
    return [];
  }
}

export function rememberSearch(text: string): string[] {
  const next = addToSearchHistory(readSearchHistory(), text);
  try {
    sessionStorage.setItem(BROWSER_STORAGE_KEY.searchHistory, JSON.stringify(next));
  } catch {
    // Without storage the history lives only in this page view.
  }
  return next;
}
