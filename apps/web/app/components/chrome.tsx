// Small pieces of the page chrome: top info banner, cookie notice, scroll-up button, loading bar.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { BROWSER_STORAGE_KEY, COOKIE, SCROLL_UP_THRESHOLD_PX, loadingBarState } from '@store/domain';
import type { Banner } from '@store/api-client';
import { parseCookies, setBrowserCookie } from '../lib/cookies.ts';
import { Icon } from './icons.tsx';
import { ClientButton } from './client-button.tsx';

/**
 * A closable info strip. The closed id lives in browser storage; an inline script in the
 * document head marks <html> before paint so a closed banner never flashes.
 */
export function TopBanner({ banner }: { banner: Banner }) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return (
    <aside
      className="top-banner"
      aria-label="Объявление"
      data-banner-id={banner.id}
      style={banner.background ? { background: banner.background } : undefined}
    >
      <a href={banner.link ?? '#'} className="top-banner-link">
        {banner.title}
      </a>
      <ClientButton
        className="icon-button"
        aria-label="Закрыть баннер"
        onClick={() => {
          try {
            localStorage.setItem(BROWSER_STORAGE_KEY.closedTopBannerId, String(banner.id));
          } catch {
            // Storage disabled: it closes for this page view only.
          }
          setClosed(true);
        }}
      >
        <Icon name="close" size={18} />
      </ClientButton>
    </aside>
  );
}

export const topBannerScript = (bannerId: number) =>
  `try{if(localStorage.getItem(${JSON.stringify(BROWSER_STORAGE_KEY.closedTopBannerId)})===${JSON.stringify(String(bannerId))})document.documentElement.classList.add('top-banner-closed')}catch(e){}`;

const COOKIE_NOTICE_MAX_AGE_S = 365 * 24 * 3600;

const cookiesAcceptedIn = (cookieHeader: string) => parseCookies(cookieHeader)[COOKIE.cookiesAccepted] === '1';
const noticeListeners = new Set<() => void>();

/**
 * The cookie notice until the visitor accepts. The browser's cookie decides: a page from the page
 * cache is rendered as for a new visitor, and an inline script in the document head marks <html>
 * before paint so an accepted notice never flashes.
 */
export function CookieNotice({ serverAccepted }: { serverAccepted: boolean }) {
  const accepted = useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => cookiesAcceptedIn(document.cookie),
    () => serverAccepted,
  );
  if (accepted) return null;
  return (
    <section className="cookie-notice" aria-label="Уведомление о cookie">
      <p>
        Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая пользоваться сайтом, вы соглашаетесь с{' '}
        <a href="/prm/personal-data">политикой обработки персональных данных</a>.
      </p>
      <ClientButton
        className="button button-primary"
        onClick={() => {
          setBrowserCookie(COOKIE.cookiesAccepted, '1', COOKIE_NOTICE_MAX_AGE_S);
          for (const listener of noticeListeners) listener();
        }}
      >
        Принять
      </ClientButton>
    </section>
  );
}

export const cookieNoticeScript = () =>
  `if(/(?:^|; )${COOKIE.cookiesAccepted}=1(?:;|$)/.test(document.cookie))document.documentElement.classList.add('cookies-accepted')`;

export function ScrollUpButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_UP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-up"
      aria-label="Наверх"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="up" />
    </button>
  );
}

/** SPEC §9: shows only when navigation takes over 200 ms, fills over 5000 ms. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [state, setState] = useState({ visible: false, progress: 0 });
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!busy) {
      started.current = null;
      setState((s) => (s.visible ? { visible: true, progress: 100 } : s));
      const hide = setTimeout(() => setState({ visible: false, progress: 0 }), 200);
      return () => clearTimeout(hide);
    }
    started.current = performance.now();
    let frame = 0;
    const tick = () => {
      if (started.current === null) return;
      setState(loadingBarState(performance.now() - started.current));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [busy]);

  if (!state.visible) return null;
  // A labelled region of its own: all content must sit in a landmark (axe «region»), and the bar
  // appears outside the header and main while a page loads.
  return (
    <section aria-label="Индикатор загрузки">
      <div
        className="loading-bar"
        role="progressbar"
        aria-label="Загрузка страницы"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(state.progress)}
      >
        <div style={{ width: `${state.progress}%` }} />
      </div>
    </section>
  );
}
