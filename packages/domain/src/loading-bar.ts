// SPEC §9 Timings: the navigation loading bar (duration 5000 ms, throttle 200 ms).
import { TIMINGS } from './constants.ts';

export interface LoadingBarTiming {
  /** Time scale of the progress curve: at this elapsed time the bar is about 70 % full. */
  durationMs: number;
  /** Navigations faster than this never show the bar, so quick clicks do not flicker. */
  throttleMs: number;
}

export const LOADING_BAR_TIMING: LoadingBarTiming = {
  durationMs: TIMINGS.loadingBarMs,
  throttleMs: TIMINGS.loadingBarThrottleMs,
};

/** The bar stops short of full until the navigation is done, so it never looks finished early. */
export const LOADING_BAR_MAX_PENDING_PROGRESS = 99;

/** Whether the bar is visible `elapsedMs` after a navigation started (strictly after the throttle). */
export function shouldShowLoadingBar(
  elapsedMs: number,
  done = false,
  timing: LoadingBarTiming = LOADING_BAR_TIMING,
): boolean {
  return !done && Number.isFinite(elapsedMs) && elapsedMs > timing.throttleMs;
}

/**
 * Progress in percent (0–100). While pending it follows an arctangent curve measured
 * from the navigation start: fast at first, about 70 at `durationMs`, approaching but
 * capped below 100. Done → 100. Negative or NaN elapsed time → 0.
 */
export function loadingBarProgress(
  elapsedMs: number,
  done = false,
  timing: LoadingBarTiming = LOADING_BAR_TIMING,
): number {
  if (done) return 100;
  if (Number.isNaN(elapsedMs) || elapsedMs <= 0) return 0;
  // Same curve as Nuxt's default indicator: (2/π)·100·atan(2·t/duration).
  const progress = (200 / Math.PI) * Math.atan((2 * elapsedMs) / timing.durationMs);
  return Math.min(progress, LOADING_BAR_MAX_PENDING_PROGRESS);
}

export interface LoadingBarState {
  visible: boolean;
  progress: number;
}

/** Both answers at once, for a render loop. */
export function loadingBarState(
  elapsedMs: number,
  done = false,
  timing: LoadingBarTiming = LOADING_BAR_TIMING,
): LoadingBarState {
  return {
    visible: shouldShowLoadingBar(elapsedMs, done, timing),
    progress: loadingBarProgress(elapsedMs, done, timing),
  };
}
