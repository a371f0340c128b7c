import { useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '../context.ts';
import type { ShellData } from './start-up.server.ts';

export type RootData = ShellData & {
  publicConfig: PublicConfig;
  notFoundMessage: string | null;
};

/** The root loader's data: city, menus, SEO, counters. Undefined only when the root loader failed. */
export function useShell(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
