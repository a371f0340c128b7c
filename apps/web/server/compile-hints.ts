// V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of the two chunks
// every page runs while it hydrates: React DOM (entry.client) and the shared chunk (React, React Router,
// the shell). Without it V8 compiles a function on the main thread the first time it is called, so
// hydration paid for parsing React DOM's functions in its own tasks; with it the whole file is compiled
// with the script, off the main thread while it streams. Measured with `npm run bench:tbt` (decision 0075).
// Other browsers ignore the comment. It is added after minification (the minifier drops comments), so
// the chunks' hashes are told about it (augmentChunkHash): a file cached as immutable under its old name
// never changes content under it.
import type { Plugin } from 'vite';

/** The chunks whose functions nearly all run while a page hydrates. */
const HINTED_CHUNKS = new Set(['entry.client', 'common']);
const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHintsPlugin(): Plugin {
  return {
    name: 'store:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    augmentChunkHash(chunk) {
      return HINTED_CHUNKS.has(chunk.name) ? HINT : undefined;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && HINTED_CHUNKS.has(output.name) && !output.code.startsWith(HINT)) {
          output.code = HINT + output.code;
        }
      }
    },
  };
}
