// Client files are compressed once, at build time, at the best quality (Brotli 11, gzip 9): a `.br`
// and a `.gz` beside every text file of build/client, which static-files.ts sends to browsers that
// accept them (decision 0015). A copy is kept only when it is smaller than the file.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const PRECOMPRESSED_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.ico',
  '.txt',
  '.webmanifest',
  '.map',
];

/** Files smaller than this are sent as they are (static-files.ts and the compression middleware agree). */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the `.br` and `.gz` copies of a directory's text files; returns how many files were compressed. */
export async function precompressDirectory(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = [...filesUnder(dir)].filter((file) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(file)));
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  // A few at a time: each compression runs on libuv's thread pool.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const source = await fs.promises.readFile(file);
      if (source.byteLength < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      count += 1;
      bytes += source.byteLength;
      brotliBytes += Math.min(br.byteLength, source.byteLength);
      if (br.byteLength < source.byteLength) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.byteLength < source.byteLength) await fs.promises.writeFile(`${file}.gz`, gz);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: count, bytes, brotliBytes };
}

/** The Vite plugin: after the client build is written, its text files get their compressed copies. */
export function precompressPlugin(): Plugin {
  return {
    name: 'store:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      const { files, bytes, brotliBytes } = await precompressDirectory(options.dir);
      this.environment.logger.info(
        `precompressed ${files} files: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB Brotli`,
      );
    },
  };
}
