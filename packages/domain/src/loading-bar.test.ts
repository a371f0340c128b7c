import { describe, expect, it } from 'vitest';
import {
  LOADING_BAR_MAX_PENDING_PROGRESS,
  LOADING_BAR_TIMING,
  loadingBarProgress,
  loadingBarState,
  shouldShowLoadingBar,
} from './loading-bar.ts';

describe('shouldShowLoadingBar', () => {
  it('only shows after the 200 ms throttle', () => {
    expect(shouldShowLoadingBar(0)).toBe(false);
    expect(shouldShowLoadingBar(199)).toBe(false);
    expect(shouldShowLoadingBar(200)).toBe(false);
    expect(shouldShowLoadingBar(201)).toBe(true);
    expect(shouldShowLoadingBar(10_000)).toBe(true);
  });

  it('hides when done and on invalid time', () => {
    expect(shouldShowLoadingBar(1000, true)).toBe(false);
    expect(shouldShowLoadingBar(Number.NaN)).toBe(false);
    expect(shouldShowLoadingBar(-500)).toBe(false);
  });

  it('accepts a custom timing', () => {
    expect(shouldShowLoadingBar(150, false, { durationMs: 1000, throttleMs: 100 })).toBe(true);
  });
});

describe('loadingBarProgress', () => {
  it('starts at 0 and treats invalid time as 0', () => {
    expect(loadingBarProgress(0)).toBe(0);
    expect(loadingBarProgress(-1)).toBe(0);
    expect(loadingBarProgress(Number.NaN)).toBe(0);
  });

  it('grows monotonically', () => {
    let previous = 0;
    for (let t = 50; t <= 60_000; t += 50) {
      const progress = loadingBarProgress(t);
      expect(progress).toBeGreaterThanOrEqual(previous);
      previous = progress;
    }
  });

  it('is about 70 % at the 5000 ms duration', () => {
    expect(LOADING_BAR_TIMING.durationMs).toBe(5000);
    expect(loadingBarProgress(5000)).toBeCloseTo(70.48, 1);
  });

  it('approaches but never reaches 100 while pending', () => {
    expect(loadingBarProgress(60_000)).toBeLessThan(100);
    expect(loadingBarProgress(1e12)).toBe(LOADING_BAR_MAX_PENDING_PROGRESS);
    expect(loadingBarProgress(Number.POSITIVE_INFINITY)).toBe(LOADING_BAR_MAX_PENDING_PROGRESS);
  });

  it('is 100 when done', () => {
    expect(loadingBarProgress(10, true)).toBe(100);
  });
});

describe('loadingBarState', () => {
  it('combines visibility and progress', () => {
    expect(loadingBarState(100)).toEqual({ visible: false, progress: loadingBarProgress(100) });
    expect(loadingBarState(1000).visible).toBe(true);
    expect(loadingBarState(1000, true)).toEqual({ visible: false, progress: 100 });
  });
});
