import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import {
  isChunkLoadError,
  layoutForPath,
  matchPage,
  shouldReloadAfterChunkError,
  shouldRequestSeo,
  showsMobileTabBar,
} from '@store/domain';
import type { Route } from './+types/root';
import { AppLink } from './components/app-link.tsx';
import {
  CookieNotice,
  LoadingBar,
  ScrollUpButton,
  TopBanner,
  cookieNoticeScript,
  topBannerScript,
} from './components/chrome.tsx';
import { cityConfirmScript } from './components/city-chooser.tsx';
import { FallbackBoundary, NotFoundPage, ServerErrorPage } from './components/error-page.tsx';
import { HydrateLater } from './components/hydrate-later.tsx';
import { Icon } from './components/icons.tsx';
import { MobileTabBar } from './components/mobile-tab-bar.tsx';
import { LazyFooter, MiniFooter } from './components/site-footer.tsx';
import { Logo, SiteHeader } from './components/site-header.tsx';
import { useShell, type RootData } from './lib/shell.ts';
import { useNonce } from './lib/nonce.tsx';
import { usePaintFirstScript } from './lib/paint-first.tsx';
import { loadShell } from './lib/start-up.server.ts';
import stylesheet from './styles/app.css?url';
import { apiContext, publicConfigContext } from './context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const routeCity = typeof params.city === 'string' ? params.city : null;
  const { shell, headers } = await loadShell(request, context.get(apiContext), routeCity);
  const pathname = new URL(request.url).pathname;
  const payload = { ...shell, publicConfig: context.get(publicConfigContext) };
  // SEO said this path is no page of ours: the layout renders the 404 page with status 404.
  if (shell.seoMissing) {
    const message = matchPage(pathname) === null ? 'This page could not be found' : 'Страница не найдена';
    return data({ ...payload, notFoundMessage: message }, { status: 404, headers });
  }
  return data({ ...payload, notFoundMessage: null as string | null }, { headers });
}

/** SPEC §2: SEO is requested on every route change except an unchanged path or /account. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (
    defaultShouldRevalidate ||
    (currentUrl.pathname !== nextUrl.pathname && shouldRequestSeo(currentUrl.pathname, nextUrl.pathname))
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useShell();
  // <html data-hydrated> once React has hydrated: the browser tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = '';
  }, []);
  const bannerId = shell?.topBanner?.id;
  // The browser hides a nonce from the DOM and the client knows none: no hydration warning for it.
  const nonce = useNonce();
  const paintFirstScript = usePaintFirstScript();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1747d1" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: cookieNoticeScript() + ';' + cityConfirmScript() }}
        />
        {bannerId !== undefined ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: topBannerScript(bannerId) }}
          />
        ) : null}
        <Meta />
        {/* Style and preload links need no nonce (the policy allows our origin); an empty one keeps the
            browser's hidden nonce and the client's render equal. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Starts the module script entry.server left inert, once the first frame is painted (decision 0060). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: paintFirstScript }} />
      </body>
    </html>
  );
}

function Shell({ shell, children }: { shell: RootData; children: React.ReactNode }) {
  const location = useLocation();
  const layout = layoutForPath(location.pathname);
  const hideChrome = shell.mobileApp;

  if (layout === 'checkout') {
    return (
      <>
        <LoadingBar />
        <header className="checkout-header">
          <div className="container">
            <Logo />
          </div>
        </header>
        {children}
        <MiniFooter />
      </>
    );
  }
  if (layout === 'insurance') {
    return (
      <>
        <LoadingBar />
        <header className="checkout-header">
          <div className="container row-between">
            <Logo />
            <AppLink to="/" className="back-link">
              <Icon name="back" size={18} /> Назад в магазин
            </AppLink>
          </div>
        </header>
        {children}
        <MiniFooter />
      </>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <LoadingBar />
      {hideChrome ? null : (
        <>
          {shell.topBanner ? <TopBanner banner={shell.topBanner} /> : null}
          <SiteHeader
            city={shell.city}
            cities={shell.priorityCities}
            branch={shell.branch}
            staticMenu={shell.staticMenu}
            eventsMenu={shell.eventsMenu}
            counters={shell.counters}
          />
        </>
      )}
      {children}
      {hideChrome ? null : (
        <HydrateLater>
          <LazyFooter city={shell.city} branch={shell.branch} />
        </HydrateLater>
      )}
      {showsMobileTabBar(location.pathname) && !hideChrome ? (
        <MobileTabBar basketCount={shell.counters.basket} />
      ) : null}
      <ScrollUpButton />
      <CookieNotice serverAccepted={shell.cookiesAccepted} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const shell = loaderData as RootData;
  return (
    <Shell shell={shell}>{shell.notFoundMessage ? <NotFoundPage message={shell.notFoundMessage} /> : <Outlet />}</Shell>
  );
}

const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/** SPEC §8: a failed chunk load reloads the page, at most once a minute. */
function useChunkReload(error: unknown) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    let last: number | null = null;
    try {
      last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null;
    } catch {
      last = null;
    }
    const now = Date.now();
    if (shouldReloadAfterChunkError(last, now)) {
      try {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        // Without storage we still reload once; the guard cannot be kept.
      }
      window.location.reload();
    }
  }, [error]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  useChunkReload(error);
  const shell = useShell();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  const page =
    status === 404 ? (
      <NotFoundPage message={message ?? 'This page could not be found'} />
    ) : (
      <ServerErrorPage status={status} message={status < 500 ? message : undefined} />
    );
  return (
    <FallbackBoundary>
      {shell ? (
        <Shell shell={shell}>{page}</Shell>
      ) : (
        <>
          <header className="checkout-header">
            <div className="container">
              <Logo />
            </div>
          </header>
          {page}
        </>
      )}
    </FallbackBoundary>
  );
}
