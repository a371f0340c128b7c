import { describe, expect, it } from 'vitest';
import { emptyRepairRequest } from '@store/domain';
import {
  DRAFT_COOKIE,
  DRAFT_FILES_MAX_AGE_MS,
  draftCookie,
  readDraft,
  withFreshFiles,
  withUploaderCookie,
  type RepairDraft,
} from './repair-wizard.server.ts';

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

describe('a draft drops its uploaded files a day before the clean-up job removes them', () => {
  const draftWithFiles = (filesSince: number): RepairDraft => {
    const data = emptyRepairRequest('warranty', 'own');
    data.documents.cashReceipt = ['file-receipt'];
    data.documents.devicePhoto = ['file-photo'];
    data.documents.datePurchase = '15.03.2026';
    return { data, done: ['typeRepair', 'documents'], filesSince };
  };
  const now = Date.UTC(2026, 10, 26, 12);

  it('keeps the files for 7 days from the first upload', () => {
    const draft = draftWithFiles(now - DRAFT_FILES_MAX_AGE_MS + 60_000);
    expect(withFreshFiles(draft, now)).toBe(draft);
  });

  it('after 7 days: no file ids, the documents step to do again, the other entries kept', () => {
    const fresh = withFreshFiles(draftWithFiles(now - DRAFT_FILES_MAX_AGE_MS - 60_000), now);
    expect(fresh.data.documents.cashReceipt).toEqual([]);
    expect(fresh.data.documents.devicePhoto).toEqual([]);
    expect(fresh.data.documents.datePurchase).toBe('15.03.2026');
    expect(fresh.done).toEqual(['typeRepair']);
    expect(fresh.filesSince).toBeUndefined();
  });

  it('reads the upload time back from the cookie and applies the rule', () => {
    const cookieOf = (draft: RepairDraft) => draftCookie(draft).split(';')[0]!;
    const request = (draft: RepairDraft) =>
      new Request('http://store/service/repair', { headers: { cookie: cookieOf(draft) } });
    expect(cookieOf(draftWithFiles(1)).startsWith(`${DRAFT_COOKIE}=`)).toBe(true);
    const recent = readDraft(request(draftWithFiles(Date.now() - 60_000)));
    expect(recent.data.documents.cashReceipt).toEqual(['file-receipt']);
    expect(recent.filesSince).toBeGreaterThan(0);
    const old = readDraft(request(draftWithFiles(Date.now() - DRAFT_FILES_MAX_AGE_MS - 60_000)));
    expect(old.data.documents.cashReceipt).toEqual([]);
    expect(old.done).not.toContain('documents');
  });
});
