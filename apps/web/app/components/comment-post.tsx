// «Написать отзыв» / «Задать вопрос» on the product page. The page may come from the page cache, so
// the browser decides: a signed-in customer gets the form (POST /v2/comments/create, stored for
// moderation); a guest gets a prompt to sign in that comes back to this page.
import { Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useVisitorState } from './account-link.tsx';
import { AppLink } from './app-link.tsx';
import { ClientButton } from './client-button.tsx';
import type { CommentKind } from './comment-post-form.tsx';
import { splitComponent } from '../lib/split-component.tsx';

// The form is used only after a click: a chunk of its own, out of the product page's first JavaScript.
const PostForm = splitComponent(() => import('./comment-post-form.tsx').then((m) => m.PostForm));

export function CommentPost({
  label,
  text,
  productId,
  type,
}: {
  label: string;
  text: string;
  productId: number;
  type: CommentKind;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { signedIn } = useVisitorState();
  const location = useLocation();
  const id = useId();
  return (
    <div className="pp-signin">
      {/* It acts only through React: disabled until hydrated, so an early click is not lost (decision 0017). */}
      <ClientButton
        className="button button-primary"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
      </ClientButton>
      <div
        id={id}
        className={signedIn ? 'pp-post' : 'pp-signin-note'}
        role={signedIn ? undefined : 'status'}
        hidden={!open}
      >
        {open && !signedIn ? (
          <>
            <p>{text}</p>
            <AppLink to={`/user/login?back=${encodeURIComponent(location.pathname)}`} className="button">
              Войти
            </AppLink>
          </>
        ) : null}
        {open && signedIn ? (
          done ? (
            <p role="status" className="form-alert form-alert-ok">
              {done}
            </p>
          ) : (
            <Suspense fallback={<p className="muted">Загружаем форму…</p>}>
              <PostForm productId={productId} type={type} onDone={setDone} />
            </Suspense>
          )
        ) : null}
      </div>
    </div>
  );
}
