// The browser's React Router is its production build. Its package exports name only `dist/development`
// for every condition (remix-run/react-router#12437, #14102), so a build picked the development copy,
// warnings and all (the two copies differ by ENABLE_DEV_WARNINGS alone; false drops 1 KB gzip from every
// page). The server has the same mapping as a resolve hook (scripts/react-router-production.mjs, decision
// 0054), so both sides run the same build. Client build only: `npm run dev` keeps the warnings. Remove
// it with that hook when React Router's exports name `dist/production`.
import type { Plugin } from 'vite';

const DEVELOPMENT = '/node_modules/react-router/dist/development/';
const PRODUCTION = '/node_modules/react-router/dist/production/';

export function reactRouterProductionPlugin(): Plugin {
  return {
    name: 'store:react-router-production',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return null;
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT, PRODUCTION) };
    },
  };
}
