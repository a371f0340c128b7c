// «Вопрос-ответ» tab: faq/{page-N} (SPEC §2 Product page tabs, §4 FAQ sort -date, page 1, §9 3 per
// page). Questions with their answers nested, like / dislike on both, page links in the path, and
// «Задать вопрос» asking to sign in. The page number is in the address, so a page past the last is a 404.
import { Suspense } from 'react';
import { data, useOutletContext } from 'react-router';
import { isApiError } from '@store/api-client';
import type { Route } from './+types/product-faq';
import { CommentPost } from '../components/comment-post.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import type { CommentPage } from '../lib/comments.ts';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { loadComments } from '../lib/product.server.ts';
import type { ProductOutletContext } from './product-or-listing.tsx';
import { splitComponent } from '../lib/split-component.tsx';
import { apiContext } from '../context.ts';

// Below the tab's heading: a chunk of its own, hydrated when it arrives (the server's HTML has it; decision 0060).
const QuestionList = splitComponent(() => import('../components/question-list.tsx').then((m) => m.QuestionList));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  if (match.kind !== 'product' || match.tab !== 'faq') throw data('This page could not be found', { status: 404 });
  let questions: CommentPage | null;
  try {
    questions = await loadComments(context.get(apiContext), match.productId, 'question', match.page);
  } catch (error) {
    if (isApiError(error, 404)) throw data('Страница не найдена', { status: 404 });
    // SPEC §8: a failed FAQ load is swallowed (the API has logged it): the list is left out.
    questions = null;
  }
  if (questions && match.page > 1 && match.page > questions.pageCount) {
    throw data('Страница не найдена', { status: 404 });
  }
  return { questions, page: match.page };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

export default function ProductFaq({ loaderData }: Route.ComponentProps) {
  const { product, basePath } = useOutletContext<ProductOutletContext>();
  const { questions } = loaderData;
  return (
    <div className="pp-tab-content">
      <div className="pp-tab-head">
        <h2>Вопросы и ответы</h2>
        <CommentPost label="Задать вопрос" text="Войдите, чтобы задать вопрос" productId={product.id} type="question" />
      </div>
      {/* A boundary of its own: until the list's chunk arrives it holds only itself, not the tab around it,
          which hydrates in the page's later pass (decision 0067) with «Задать вопрос». */}
      <Suspense fallback={null}>
        {questions ? (
          <QuestionList key={`${product.id}-${questions.page}`} page={questions} basePath={`${basePath}/faq`} />
        ) : null}
      </Suspense>
    </div>
  );
}

export const ErrorBoundary = TabErrorBoundary;
