import { describe, expect, it } from 'vitest';
import { applyVote, withVoteCounts, type VotableItem } from './likes.ts';

describe('applyVote', () => {
  it('counts a first like or dislike', () => {
    expect(applyVote({ like: 3, not_like: 1 }, null, 'like')).toEqual({
      counts: { like: 4, not_like: 1 },
      vote: 'like',
    });
    expect(applyVote({ like: 3, not_like: 1 }, null, 'dislike')).toEqual({
      counts: { like: 3, not_like: 2 },
      vote: 'dislike',
    });
  });

  it('does not count the same vote twice, nor take it back', () => {
    const counts = { like: 4, not_like: 1 };
    const again = applyVote(counts, 'like', 'like');
    expect(again).toEqual({ counts: { like: 4, not_like: 1 }, vote: 'like' });
    expect(again.counts).toBe(counts);
    expect(applyVote(counts, 'dislike', 'dislike')).toEqual({ counts, vote: 'dislike' });
  });

  it('moves the vote when switching', () => {
    expect(applyVote({ like: 4, not_like: 1 }, 'like', 'dislike')).toEqual({
      counts: { like: 3, not_like: 2 },
      vote: 'dislike',
    });
    expect(applyVote({ like: 3, not_like: 2 }, 'dislike', 'like')).toEqual({
      counts: { like: 4, not_like: 1 },
      vote: 'like',
    });
  });

  it('never goes below 0 when the counts disagree with the previous vote', () => {
    expect(applyVote({ like: 0, not_like: 0 }, 'like', 'dislike')).toEqual({
      counts: { like: 0, not_like: 1 },
      vote: 'dislike',
    });
  });

  it('cleans broken counts', () => {
    expect(applyVote({ like: Number.NaN, not_like: -2 }, null, 'like').counts).toEqual({ like: 1, not_like: 0 });
    expect(applyVote({ like: 2.7, not_like: 1 }, null, 'dislike').counts).toEqual({ like: 2, not_like: 2 });
  });

  it('does not change the given counts', () => {
    const counts = { like: 1, not_like: 1 };
    applyVote(counts, null, 'like');
    applyVote(counts, 'dislike', 'like');
    expect(counts).toEqual({ like: 1, not_like: 1 });
  });

  it('switching back and forth keeps the total', () => {
    let state = applyVote({ like: 5, not_like: 5 }, null, 'like');
    for (let i = 0; i < 5; i++) {
      state = applyVote(state.counts, state.vote, state.vote === 'like' ? 'dislike' : 'like');
      expect(state.counts.like + state.counts.not_like).toBe(11);
    }
  });
});

describe('withVoteCounts', () => {
  const item = (id: number, answers?: VotableItem[]): VotableItem => ({ id, like: 0, not_like: 0, answers });
  const tree = [item(1, [item(11), item(12, [item(121)])]), item(2), item(3, [])];

  it('updates a top-level comment', () => {
    const next = withVoteCounts(tree, 2, { like: 5, not_like: 1 });
    expect(next[1]).toEqual({ id: 2, like: 5, not_like: 1, answers: undefined });
    expect(next[0]).toBe(tree[0]);
    expect(next[2]).toBe(tree[2]);
  });

  it('updates an answer at any depth, copying only its path', () => {
    const next = withVoteCounts(tree, 121, { like: 2, not_like: 3 });
    expect(next[0]!.answers![1]!.answers![0]).toEqual({ id: 121, like: 2, not_like: 3, answers: undefined });
    expect(next[0]).not.toBe(tree[0]);
    expect(next[0]!.answers![0]).toBe(tree[0]!.answers![0]);
    expect(next[1]).toBe(tree[1]);
    expect(tree[0]!.answers![1]!.answers![0]!.like).toBe(0);
  });

  it('keeps the rest of the item', () => {
    const withText = [{ id: 7, like: 1, not_like: 0, text: 'Отличный товар' }];
    expect(withVoteCounts(withText, 7, { like: 2, not_like: 0 })).toEqual([
      { id: 7, like: 2, not_like: 0, text: 'Отличный товар' },
    ]);
  });

  it('returns the same list for an unknown id', () => {
    expect(withVoteCounts(tree, 404, { like: 1, not_like: 1 })).toBe(tree);
    expect(withVoteCounts([], 1, { like: 1, not_like: 1 })).toEqual([]);
  });

  it('works with applyVote', () => {
    const { counts } = applyVote(tree[0]!.answers![0]!, null, 'like');
    expect(withVoteCounts(tree, 11, counts)[0]!.answers![0]).toMatchObject({ like: 1, not_like: 0 });
  });
});
