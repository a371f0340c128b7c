// Reviews and questions of the product page (SPEC §3 Comment / FAQ item, §4 Listing and reviews
// defaults, §4 Other: likes, §9 Page sizes): one page of the list, and the like / dislike votes.
import { useCallback, useState } from 'react';
import { applyVote, PAGE_SIZES, withVoteCounts, type Vote, type VoteCounts } from '@store/domain';
import { voteOf } from './product.ts';

export type CommentType = 'review' | 'question';

/** A review, question or answer as GET /v2/comments sends it. */
export interface CommentItem {
  id: number;
  type: string;
  author_name: string;
  rate: number | null;
  text: string;
  pros: string | null;
  cons: string | null;
  images: string[];
  like: number;
  not_like: number;
  created_at: string;
  /** This visitor's vote: 1 like, -1 dislike. */
  my_vote: number | null;
  answers?: CommentItem[];
}

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

export function pageFromHeaders(items: CommentItem[], headers: Headers, page: number): CommentPage {
  const num = (name: string) => Number(headers.get(`x-pagination-${name}`) ?? 0) || 0;
  return { items, totalCount: num('total-count'), pageCount: num('page-count'), page };
}

const XHR = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** The next page in the browser («Показать ещё»). */
export async function fetchCommentsPage(productId: number, type: CommentType, page: number): Promise<CommentPage> {
  const query = new URLSearchParams(
    Object.entries(commentsQuery(productId, type, page)).map(([k, v]) => [k, String(v)]),
  );
  const response = await fetch(`/api/v2/comments?${query}`, { headers: XHR });
  if (!response.ok) throw new Error(`comments: ${response.status}`);
  return pageFromHeaders((await response.json()) as CommentItem[], response.headers, page);
}

interface VoteAnswer extends VoteCounts {
  vote: number;
}

async function postVote(id: number, vote: Vote): Promise<VoteAnswer> {
  const response = await fetch(`/api/comments/${id}/${vote}`, { method: 'POST', headers: XHR });
  if (!response.ok) throw new Error(`vote: ${response.status}`);
  return (await response.json()) as VoteAnswer;
}

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
