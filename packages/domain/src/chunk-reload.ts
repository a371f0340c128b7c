// SPEC §8: after a deploy, old pages fail to load renamed code chunks. The fix is a page
// reload, at most once per minute so a genuinely missing chunk cannot cause a reload loop.
import { TIMINGS } from './constants.ts';

/**
 * Whether to reload now. `lastReloadAt` is the stored time (ms) of the previous reload,
 * null if none. A timestamp more than the guard window in the future (corrupted storage,
 * a clock set back) also allows a reload, which stores a fresh time, so the page cannot
 * stay stuck; a small backwards clock step still counts as "just reloaded".
 */
export function shouldReloadAfterChunkError(
  lastReloadAt: number | null,
  now: number,
  guardMs: number = TIMINGS.chunkReloadGuardMs,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return Math.abs(now - lastReloadAt) >= guardMs;
}

// Messages of the browsers and bundlers for a failed dynamic import or chunk.
const CHUNK_ERROR_MESSAGES: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite preload of a chunk's styles
  /Loading (?:CSS )?chunk [\w-]+ failed/i, // webpack
];

const MAX_CAUSE_DEPTH = 5;

function isChunkErrorMessage(text: string): boolean {
  return CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(text));
}

/**
 * True for a chunk-load failure: an error named ChunkLoadError or carrying one of the
 * known messages. Accepts anything thrown (Error, string, plain object) and follows
 * `cause` a few levels, since routers often wrap the original error.
 */
export function isChunkLoadError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current != null; depth += 1) {
    if (typeof current === 'string') return isChunkErrorMessage(current);
    if (typeof current !== 'object') return false;
    const { name, message, cause } = current as { name?: unknown; message?: unknown; cause?: unknown };
    if (name === 'ChunkLoadError') return true;
    if (typeof message === 'string' && isChunkErrorMessage(message)) return true;
    current = cause;
  }
  return false;
}
