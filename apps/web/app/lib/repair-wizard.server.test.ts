import { describe, expect, it } from 'vitest';
import { withUploaderCookie } from './repair-wizard.server.ts';

describe('withUploaderCookie: the next upload of one post goes as the same uploader', () => {
  it('adds the uploader cookie an answer set, keeping the other cookies', () => {
    expect(
      withUploaderCookie('basket_id=abc; repair_draft=xyz', [
        'repair_uploader=NEWVALUE123; Path=/; HttpOnly; SameSite=Lax',
      ]),
    ).toBe('basket_id=abc; repair_draft=xyz; repair_uploader=NEWVALUE123');
  });

  it('replaces an older uploader cookie and ignores other Set-Cookie lines', () => {
    expect(
      withUploaderCookie('repair_uploader=OLD; city=moskva', [
        'access_token=t; Path=/',
        'repair_uploader=NEW; Path=/; HttpOnly',
      ]),
    ).toBe('city=moskva; repair_uploader=NEW');
    expect(withUploaderCookie('city=moskva', ['access_token=t; Path=/'])).toBe('city=moskva');
    expect(withUploaderCookie('', ['repair_uploader=A; Path=/'])).toBe('repair_uploader=A');
  });
});
