// Reviews and questions of the product page (SPEC §3 Comment / FAQ item, §4 Listing and reviews
// defaults, §4 Other: likes, §9 Page sizes): one page of the list, and the like / dislike votes.
import { useCallback, useState } from 'react';
import { applyVote, PAGE_SIZES, withVoteCounts, type Vote, type VoteCounts } from '@store/domain';
import type { Comment, Paginated } from '@store/api-client';
import { browserApi } from './browser-api.ts';
import { voteOf } from './product.ts';

export type CommentType = 'review' | 'question';

/** A review, question or answer as GET /v2/comments sends it (answers only on questions). */
export type CommentItem = Omit<Comment, 'answers'> & { answers?: Omit<Comment, 'answers'>[] };

export interface CommentPage {
  items: CommentItem[];
  totalCount: number;
  pageCount: number;
  page: number;
}

/** SPEC §4: reviews and FAQ newest first, 3 per page. */
export const commentsQuery = (productId: number, type: CommentType, page: number) => ({
  product_id: productId,
  type,
  page,
  per_page: PAGE_SIZES.comments,
  sort: '-date',
});

export function toCommentPage(list: Paginated<Comment>, page: number): CommentPage {
  return { items: list.items, totalCount: list.totalCount, pageCount: list.pageCount, page };
}

/** The next page in the browser («Показать ещё»). */
export async function fetchCommentsPage(productId: number, type: CommentType, page: number): Promise<CommentPage> {
  return toCommentPage(await browserApi.comments.list(commentsQuery(productId, type, page)), page);
}

const postVote = (id: number, vote: Vote): Promise<VoteCounts & { vote: number }> => browserApi.comments.vote(id, vote);

function collectVotes(items: readonly CommentItem[], into: Record<number, Vote | null> = {}) {
  for (const item of items) {
    into[item.id] = voteOf(item.my_vote);
    if (item.answers) collectVotes(item.answers, into);
  }
  return into;
}

function findItem(items: readonly CommentItem[], id: number): CommentItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const inAnswers = item.answers ? findItem(item.answers, id) : null;
    if (inAnswers) return inAnswers;
  }
  return null;
}

/**
 * A list of comments with live votes. A vote shows at once (applyVote: one vote per visitor, so a
 * second like changes nothing), then takes the server's counts; a failed call puts the old ones back.
 */
export function useVotedComments(initial: CommentItem[]) {
  const [items, setItems] = useState(initial);
  const [votes, setVotes] = useState<Record<number, Vote | null>>(() => collectVotes(initial));
  const [failed, setFailed] = useState(false);

  const append = useCallback((more: CommentItem[]) => {
    setItems((current) => {
      const known = new Set(current.map((c) => c.id));
      return [...current, ...more.filter((c) => !known.has(c.id))];
    });
    setVotes((current) => collectVotes(more, { ...current }));
  }, []);

  const vote = useCallback(
    async (id: number, next: Vote) => {
      const item = findItem(items, id);
      if (!item) return;
      const previous = votes[id] ?? null;
      const before: VoteCounts = { like: item.like, not_like: item.not_like };
      const optimistic = applyVote(before, previous, next);
      setFailed(false);
      setItems((current) => withVoteCounts(current, id, optimistic.counts));
      setVotes((current) => ({ ...current, [id]: optimistic.vote }));
      try {
        const answer = await postVote(id, next);
        setItems((current) => withVoteCounts(current, id, { like: answer.like, not_like: answer.not_like }));
        setVotes((current) => ({ ...current, [id]: voteOf(answer.vote) }));
      } catch (error) {
        console.warn('comment vote', error);
        setItems((current) => withVoteCounts(current, id, before));
        setVotes((current) => ({ ...current, [id]: previous }));
        setFailed(true);
      }
    },
    [items, votes],
  );

  return { items, votes, vote, append, failed };
}
