import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFoundPage } from '../components/error-page.tsx';
import { notFoundMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => notFoundMeta;

/** Any path no route matches (SPEC §8: 404 with 'This page could not be found'). */
export function loader() {
  return data({ message: 'This page could not be found' }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage message={loaderData.message} />;
}
