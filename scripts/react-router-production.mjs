// A module resolve hook for the production store (scripts/start.mjs): every import of React Router
// loads its production build. React Router 7's package exports name only `dist/development` for every
// condition (remix-run/react-router#12437, #14102), so NODE_ENV=production picks React's production
// build but never React Router's: its development build renders with dev-only warnings and checks on
// (React Router is 15–21 % of a page render's CPU: decision 0054). One copy for the whole process (the server build,
// @react-router/node and the store's own imports alike), so its React contexts stay one.
const DEVELOPMENT = '/node_modules/react-router/dist/development/';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.includes(DEVELOPMENT)) {
    return { ...resolved, url: resolved.url.replace(DEVELOPMENT, '/node_modules/react-router/dist/production/') };
  }
  return resolved;
}
