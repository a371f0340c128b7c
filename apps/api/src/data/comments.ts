// All SQL about reviews, questions, answers and their votes.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@store/db';
import { cachedProducts } from '../reference-data.ts';

/** Both drivers (PGlite and node-postgres) answer execute() with { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface CommentRow {
  id: number;
  type: string;
  parent_id: number | null;
  owner_id: number | null;
  author_name: string;
  rate: number | null;
  text: string;
  pros: string | null;
  cons: string | null;
  images: string[];
  like: number;
  not_like: number;
  status: number;
  created_at: string;
  vote: number | null;
}

const COLUMNS = `c.id, c.type, c.parent_id, c.owner_id, c.author_name, c.rate, c.text, c.pros, c.cons, c.images,
  c."like", c.not_like, c.status, c.created_at::text as created_at`;

/**
 * A product's published reviews or questions, one page with their answers, and the voter's own votes.
 * The page itself is the same for everyone and is kept in memory per product (decision 0049): dropped by
 * the product's page events (a vote publishes one) and the reference TTL; the voter's votes are read
 * fresh, and only when there is a voter.
 */
export async function listComments(
  handle: DatabaseHandle,
  q: { productId: number; type: 'review' | 'question'; sort: '-date' | '-rate'; limit: number; offset: number; voter: string | null },
): Promise<{ rows: CommentRow[]; total: number; answers: CommentRow[] }> {
  const kind = `comments|${q.type}|${q.sort}|${q.limit}|${q.offset}`;
  const pages = await cachedProducts(handle, kind, [q.productId], async ([productId]) => {
    const page = await readCommentPage(handle, { ...q, productId: productId! });
    return new Map([[productId!, page]]);
  });
  const page = pages.get(q.productId)!;
  const ids = [...page.rows, ...page.answers].map((r) => r.id);
  const votes = q.voter && ids.length > 0 ? await readVotes(handle, q.voter, ids) : new Map<number, number>();
  const withVote = (r: Omit<CommentRow, 'vote'>): CommentRow => ({ ...r, vote: votes.get(r.id) ?? null });
  return { rows: page.rows.map(withVote), total: page.total, answers: page.answers.map(withVote) };
}

interface CommentPage {
  rows: Omit<CommentRow, 'vote'>[];
  total: number;
  answers: Omit<CommentRow, 'vote'>[];
}

async function readCommentPage(
  handle: DatabaseHandle,
  q: { productId: number; type: 'review' | 'question'; sort: '-date' | '-rate'; limit: number; offset: number },
): Promise<CommentPage> {
  const [count] = await handle.query<{ n: number }>(
    `select count(*)::int as n from comments where product_id = $1 and type = $2 and status = 1`,
    [q.productId, q.type],
  );
  const order = q.sort === '-rate' ? 'c.rate desc nulls last, c.created_at desc' : 'c.created_at desc';
  const rows = await handle.query<Omit<CommentRow, 'vote'>>(
    `select ${COLUMNS} from comments c
      where c.product_id = $1 and c.type = $2 and c.status = 1
      order by ${order}, c.id desc limit $3 offset $4`,
    [q.productId, q.type, q.limit, q.offset],
  );
  const answers =
    q.type === 'question' && rows.length > 0
      ? await handle.query<Omit<CommentRow, 'vote'>>(
          `select ${COLUMNS} from comments c
            where c.parent_id = any($1::int[]) and c.type = 'answer' and c.status = 1
            order by c.created_at`,
          [rows.map((r) => r.id)],
        )
      : [];
  return { rows, total: count?.n ?? 0, answers };
}

async function readVotes(handle: DatabaseHandle, voter: string, commentIds: number[]): Promise<Map<number, number>> {
  const rows = await handle.query<{ comment_id: number; vote: number }>(
    'select comment_id, vote from comment_votes where voter = $1 and comment_id = any($2::int[])',
    [voter, commentIds],
  );
  return new Map(rows.map((r) => [Number(r.comment_id), Number(r.vote)]));
}

export interface NewComment {
  productId: number;
  type: 'review' | 'question';
  ownerId: number;
  authorName: string;
  rate: number | null;
  text: string;
  pros: string | null;
  cons: string | null;
}

/** Stores a post for moderation (status 0); the product's counters change when it is published. */
export async function createComment(handle: DatabaseHandle, c: NewComment): Promise<number> {
  const [row] = await handle.query<{ id: number }>(
    `insert into comments (product_id, type, owner_id, author_name, rate, text, pros, cons, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 0) returning id`,
    [c.productId, c.type, c.ownerId, c.authorName, c.rate, c.text, c.pros, c.cons],
  );
  return row!.id;
}

/**
 * One vote per visitor and comment. Voting the same way again changes nothing; switching moves the
 * vote. Runs in a transaction with the vote row locked, so concurrent clicks cannot count twice.
 */
export async function voteOnComment(
  handle: DatabaseHandle,
  commentId: number,
  voter: string,
  vote: 1 | -1,
): Promise<{ like: number; not_like: number; vote: 1 | -1; productId: number } | null> {
  return handle.db.transaction(async (tx) => {
    const exists = rowsOf<{ id: number; product_id: number }>(
      await tx.execute(sql`select id, product_id from comments where id = ${commentId} and status = 1 for update`),
    );
    if (exists.length === 0) return null;
    const previous = rowsOf<{ vote: number }>(
      await tx.execute(sql`select vote from comment_votes where comment_id = ${commentId} and voter = ${voter}`),
    );
    const before = previous[0]?.vote ?? null;
    if (before !== vote) {
      if (before === null) {
        await tx.execute(sql`insert into comment_votes (comment_id, voter, vote) values (${commentId}, ${voter}, ${vote})`);
      } else {
        await tx.execute(sql`update comment_votes set vote = ${vote} where comment_id = ${commentId} and voter = ${voter}`);
      }
      const likeDelta = (vote === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
      const dislikeDelta = (vote === -1 ? 1 : 0) - (before === -1 ? 1 : 0);
      await tx.execute(
        sql`update comments set "like" = greatest(0, "like" + ${likeDelta}), not_like = greatest(0, not_like + ${dislikeDelta}) where id = ${commentId}`,
      );
    }
    const [counts] = rowsOf<{ like: number; not_like: number }>(
      await tx.execute(sql`select "like", not_like from comments where id = ${commentId}`),
    );
    return { like: counts!.like, not_like: counts!.not_like, vote, productId: Number(exists[0]!.product_id) };
  });
}

export interface CustomerCommentRow extends CommentRow {
  product_id: number;
  product_name: string;
  product_image: string | null;
  product_url: string;
}

/**
 * A customer's own reviews or questions (all statuses: theirs waiting for moderation too), with the
 * product they are about and the published answers to the questions.
 */
export async function listCustomerComments(
  handle: DatabaseHandle,
  q: { ownerId: number; type: 'review' | 'question'; sort: '-date' | '-rate'; limit: number; offset: number },
): Promise<{ rows: CustomerCommentRow[]; total: number; answers: CommentRow[] }> {
  const [count] = await handle.query<{ n: number }>(
    `select count(*)::int as n from comments where owner_id = $1 and type = $2`,
    [q.ownerId, q.type],
  );
  const order = q.sort === '-rate' ? 'c.rate desc nulls last, c.created_at desc' : 'c.created_at desc';
  const rows = await handle.query<CustomerCommentRow>(
    `select ${COLUMNS}, null::int as vote, p.id as product_id, p.name as product_name, p.image as product_image,
            '/catalog/' || cat.code || '/' || cat.id || '/' || p.id as product_url
       from comments c
       join products p on p.id = c.product_id
       join categories cat on cat.id = p.category_id
      where c.owner_id = $1 and c.type = $2
      order by ${order}, c.id desc limit $3 offset $4`,
    [q.ownerId, q.type, q.limit, q.offset],
  );
  const answers =
    q.type === 'question' && rows.length > 0
      ? await handle.query<CommentRow>(
          `select ${COLUMNS}, null::int as vote from comments c
            where c.parent_id = any($1::int[]) and c.type = 'answer' and c.status = 1
            order by c.created_at`,
          [rows.map((r) => r.id)],
        )
      : [];
  return { rows, total: count?.n ?? 0, answers };
}
