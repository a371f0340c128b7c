// Repair documents uploaded but never attached to a request (a wizard left half-way, a file replaced before
// sending): once they are older than any wizard draft that could still name them, the job removes their rows
// and their bytes from the file storage (issue 18; docs/decisions/0033, 0039). It runs on the cluster's job
// runner (decision 0035): hourly, once across the instances, in the job's transaction.
import type { FileStorage } from '../adapters/file-storage.ts';
import { deleteStaleRepairUploads } from '../data/repair.ts';
import type { ScheduledJob } from './job-runner.ts';

/**
 * How old an unattached upload must be before it goes: a wizard draft (`repair_draft`) drops the files it names
 * 7 days after the first of them was uploaded (apps/web lib/repair-wizard.server.ts, withFreshFiles), however
 * long later changes keep the draft itself; a day more leaves every file a live draft names alone.
 */
export const REPAIR_UPLOAD_MAX_AGE_S = 8 * 24 * 60 * 60;
/** Rows removed per run, so one run never holds its transaction long; the next hour takes the rest. */
export const REPAIR_UPLOAD_CLEANUP_BATCH = 500;

export const repairUploadCleanupJob = (deps: { fileStorage: FileStorage }): ScheduledJob => ({
  name: 'repair-upload-cleanup',
  everyMs: 60 * 60_000,
  async run(tx) {
    const removed = await deleteStaleRepairUploads(tx, REPAIR_UPLOAD_MAX_AGE_S, REPAIR_UPLOAD_CLEANUP_BATCH);
    // The rows go with the transaction; the bytes go now. Should the commit fail, the rows stay and name
    // missing bytes, which read as «not found» and are removed again by the next run (deleting a missing
    // key is not an error).
    for (const file of removed) await deps.fileStorage.delete(file.storage_key);
    return { removed: removed.length };
  },
});
