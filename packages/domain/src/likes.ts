// SPEC §3 Comment / FAQ item, §4 Other: "Like and dislike counts are updated per comment or answer".
// One vote per visitor: the counts change only when the visitor's vote does.

export type Vote = 'like' | 'dislike';

/** The counts of a comment or answer, named as the server sends them. */
export interface VoteCounts {
  like: number;
  not_like: number;
}

export interface VoteResult {
  counts: VoteCounts;
  /** The visitor's vote after this one. */
  vote: Vote | null;
}

const countKey = (vote: Vote): keyof VoteCounts => (vote === 'like' ? 'like' : 'not_like');

function cleanCount(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
}

/**
 * The counts after the visitor votes `next`, having voted `previous` before (null: not yet).
 * - No previous vote: the chosen count goes up by 1.
 * - The same vote again changes nothing (a second like does not count twice, and it does not take
 *   the like back either: there is no "unvote"). The same object is returned.
 * - The other vote moves it: the old count goes down by 1 (never below 0), the new one up by 1.
 * Counts that are negative, fractional or not numbers are read as whole non-negative numbers first.
 */
export function applyVote(counts: VoteCounts, previous: Vote | null, next: Vote): VoteResult {
  if (previous === next) return { counts, vote: previous };
  const result: VoteCounts = { like: cleanCount(counts.like), not_like: cleanCount(counts.not_like) };
  if (previous !== null) result[countKey(previous)] = Math.max(0, result[countKey(previous)] - 1);
  result[countKey(next)] += 1;
  return { counts: result, vote: next };
}

/** A comment or FAQ item: its answers carry the same counts (SPEC §3). */
export interface VotableItem extends VoteCounts {
  id: number;
  answers?: readonly VotableItem[] | null;
}

/**
 * Puts new counts on the comment or answer with `id`, wherever it is in the list (top level or among
 * answers, at any depth; several items with that id all change). The answers of a matching item are
 * not searched. Only the lists and items on the path to a change are copied; everything else is
 * shared. Returns the same list when no item has that id.
 */
export function withVoteCounts<T extends VotableItem>(items: readonly T[], id: number, counts: VoteCounts): T[] {
  return updateCounts(items, id, counts) ?? (items as T[]);
}

function updateCounts<T extends VotableItem>(items: readonly T[], id: number, counts: VoteCounts): T[] | null {
  let changed = false;
  const next = items.map((item) => {
    if (item.id === id) {
      changed = true;
      return { ...item, like: counts.like, not_like: counts.not_like };
    }
    const answers = item.answers ? updateCounts(item.answers, id, counts) : null;
    if (answers === null) return item;
    changed = true;
    return { ...item, answers };
  });
  return changed ? next : null;
}
