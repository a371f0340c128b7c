import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 3000 },
  build: { target: 'es2022' },
  ssr: {
    // Server-only packages stay external; workspace packages are bundled from source.
    external: ['@electric-sql/pglite', 'pg', 'ioredis', 'drizzle-orm'],
  },
});
