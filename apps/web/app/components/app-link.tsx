// Links that leave the app: the redirect rule (SPEC §2) decides whether a path is ours
// (client navigation) or needs a full browser navigation.
import type { ComponentProps } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { navigationTarget, parseRedirectPatterns, type NavigationTarget } from '@store/domain';

// The rule is a pure function of the address and the configured patterns, and a page draws hundreds
// of links to a few hundred addresses: each is judged once (render cost, issue 12; a bounded memo).
const MEMO_LIMIT = 5000;
const judged = new Map<string, NavigationTarget>();
let patternsOf: { override: string; patterns: readonly RegExp[] } | null = null;

function targetOf(to: string, override: string | null | undefined): NavigationTarget {
  const key = `${override ?? ''}\n${to}`;
  const known = judged.get(key);
  if (known !== undefined) return known;
  if (override && patternsOf?.override !== override)
    patternsOf = { override, patterns: parseRedirectPatterns(override) };
  const target = navigationTarget(to, override && patternsOf ? { patterns: patternsOf.patterns } : {});
  if (judged.size >= MEMO_LIMIT) judged.clear();
  judged.set(key, target);
  return target;
}

export function AppLink({ to, ...rest }: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  const root = useRouteLoaderData('root') as { publicConfig?: { redirectPatterns: string | null } } | undefined;
  const override = root?.publicConfig?.redirectPatterns;
  const target = targetOf(to, override);
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
