import { reactRouter } from '@react-router/dev/vite';
import { createLogger, defineConfig } from 'vite';
import { compileHintsPlugin } from './server/compile-hints.ts';
import { precompressPlugin } from './server/precompress.ts';
import { reactRouterProductionPlugin } from './server/react-router-production.ts';

// React Router 7.18's own child compiler passes Vite's deprecated `envFile: false` (nothing in this config
// does), so every build printed «The `envFile` option is deprecated» several times. Drop exactly that line;
// every other warning still shows. The child compiler inherits this config, logger included.
const logger = createLogger();
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (message.includes('The `envFile` option is deprecated')) return;
  warn(message, options);
};

export default defineConfig({
  customLogger: logger,
  // Brotli and gzip copies of the client files, served by server/static-files.ts (decision 0015); React
  // Router's production build in the browser (decision 0064); V8 compiles React DOM and the shared chunk
  // with the script, off the main thread (decision 0075).
  plugins: [reactRouterProductionPlugin(), reactRouter(), compileHintsPlugin(), precompressPlugin()],
  server: { port: 3000 },
  build: {
    target: 'es2022',
    // An SVG stays a file even when small: inlined as a data: URL, Chrome builds its document inside the style
    // recalculation that asks for it, the first paint's (card-icons.svg, decision 0081).
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    // Rolldown's per-plugin timing report is for profiling the bundler, not a warning about this app.
    rolldownOptions: {
      checks: { pluginTimings: false },
      output: {
        // The store's own modules used by six or more routes go into one shared chunk instead of
        // thirty chunks of a few hundred bytes each: every small file costs a request and compresses
        // worse on its own (product page JS 154.8 → 148.8 KB gzip, 34 → 12 files; bench:bytes).
        codeSplitting: {
          groups: [{ name: 'common', test: /[\\/](apps[\\/]web[\\/]app|packages)[\\/]/, minShareCount: 6 }],
        },
      },
    },
  },
  ssr: {
    // Server-only packages stay external; workspace packages are bundled from source.
    external: ['@electric-sql/pglite', 'pg', 'ioredis', 'drizzle-orm'],
  },
});
