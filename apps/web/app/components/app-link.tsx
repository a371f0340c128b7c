// Links that leave the app: the redirect rule (SPEC §2) decides whether a path is ours
// (client navigation) or needs a full browser navigation.
import type { ComponentProps } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { navigationTarget, parseRedirectPatterns } from '@store/domain';

export function AppLink({ to, ...rest }: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  const root = useRouteLoaderData('root') as { publicConfig?: { redirectPatterns: string | null } } | undefined;
  const override = root?.publicConfig?.redirectPatterns;
  const target = navigationTarget(to, override ? { patterns: parseRedirectPatterns(override) } : {});
  if (target === 'document') {
    const {
      prefetch: _prefetch,
      replace: _replace,
      state: _state,
      reloadDocument: _reload,
      children,
      ...anchor
    } = rest;
    return (
      <a href={to} {...anchor}>
        {children}
      </a>
    );
  }
  return <Link to={to} prefetch="intent" {...rest} />;
}
