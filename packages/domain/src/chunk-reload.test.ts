import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-reload.ts';

describe('shouldReloadAfterChunkError', () => {
  const now = 1_700_000_000_000;

  it('reloads when it never reloaded', () => {
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
  });

  it('reloads at most once per 60 s', () => {
    expect(shouldReloadAfterChunkError(now, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now - 59_999, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now - 60_000, now)).toBe(true);
    expect(shouldReloadAfterChunkError(now - 3_600_000, now)).toBe(true);
  });

  it('a small backwards clock step still counts as just reloaded', () => {
    expect(shouldReloadAfterChunkError(now + 5_000, now)).toBe(false);
  });

  it('a far-future or corrupted timestamp cannot block reloads forever', () => {
    expect(shouldReloadAfterChunkError(now + 86_400_000, now)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, now)).toBe(true);
  });

  it('accepts a custom guard', () => {
    expect(shouldReloadAfterChunkError(now - 1000, now, 500)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://shop.example/assets/page-abc.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://shop.example/x.js'),
    new Error('Unable to preload CSS for /assets/page.css'),
    new Error('Loading chunk 42 failed.'),
    new Error('Loading CSS chunk vendors-main failed.'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('anything');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError' })).toBe(true);
  });

  it('recognises strings and plain objects', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(true);
    expect(isChunkLoadError({ message: 'Importing a module script failed.' })).toBe(true);
  });

  it('follows a wrapped cause', () => {
    const inner = new TypeError('Failed to fetch dynamically imported module: /a.js');
    expect(isChunkLoadError(new Error('Route failed', { cause: inner }))).toBe(true);
  });

  it.each([
    null,
    undefined,
    42,
    '',
    new Error('Failed to fetch'),
    new TypeError('NetworkError when attempting to fetch resource.'),
    new Error('Cannot read properties of undefined'),
    { message: 42 },
  ])('ignores %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  it('stops on cyclic causes', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = a;
    expect(isChunkLoadError(a)).toBe(false);
  });
});
