// A rendered document's body, written by React straight to the node response (decision 0071). React's
// `renderToPipeableStream` writes into a `DocumentSink`: the paint-first rewrite on bytes (decision 0060),
// React's writes of one pass collected and handed on as one buffer when React flushes at the end of the pass.
// Where they go is the taker's: the node layer (apps/web/server/document-wire.ts) gives the response itself or
// one zlib stream in front of it; anyone who reads the Response's body instead (the page cache storing a
// render, a test) gets the same bytes through the web stream, which starts React only when first read.
// The node layer finds the document on the body stream under a `Symbol.for` key: this file is evaluated
// twice in the process (in the server build and by the server's own modules), and the body stream is the one
// object every copy of the Response (`new Response(response.body, …)`) keeps.
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { PaintFirstRewriter } from './paint-first.server.ts';

export const DOCUMENT_BODY = Symbol.for('multicentre.document-body');

/** Where a document's bytes go: the node response, a zlib stream in front of it, or the web stream. */
export interface DocumentTarget {
  /** Returns false when the taker wants no more for now; the taker then emits 'drain' on the sink. */
  write(bytes: Buffer): boolean;
  /** The end of one pass of React's writing: what was written may leave now (a zlib stream's sync flush). */
  flush(): void;
  end(): void;
  destroy(error?: Error): void;
}

export interface DocumentBody {
  /** The encoding the compression middleware chose for it (the node layer compresses with it). */
  encoding?: 'br' | 'gzip';
  /** Whether its bytes have started to flow (to a target or to the web stream): only one taker. */
  readonly started: boolean;
  /**
   * Starts React writing into `target`. The taker emits the target's events on the returned sink:
   * 'drain', 'error', and 'close' when the visitor went away (React stops and aborts the render).
   */
  pipeTo(target: DocumentTarget): EventEmitter;
}

/**
 * React's destination: what it needs of a node Writable (write, end, destroy, flush, the events). Its writes
 * of one pass (each up to 4 KB, or a long text as a string) are collected and go on as one buffer at the
 * pass's `flush`: one write to the socket or one job for zlib instead of 30–60 (React flushes at the end of
 * every pass, after an early return for backpressure too).
 */
class DocumentSink extends EventEmitter {
  private readonly rewriter = new PaintFirstRewriter();
  private pieces: Buffer[] = [];
  private length = 0;
  private full = false;

  constructor(private readonly target: DocumentTarget) {
    super();
    this.on('drain', () => (this.full = false));
  }

  write(chunk: string | Uint8Array): boolean {
    for (const piece of this.rewriter.push(chunk)) {
      this.pieces.push(piece);
      this.length += piece.length;
    }
    return !this.full;
  }

  flush(): void {
    this.send();
    this.target.flush();
  }

  end(): void {
    for (const piece of this.rewriter.end()) {
      this.pieces.push(piece);
      this.length += piece.length;
    }
    this.send();
    this.target.end();
  }

  destroy(error?: Error): void {
    this.target.destroy(error);
  }

  private send() {
    if (this.pieces.length === 0) return;
    const bytes = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.length);
    this.pieces = [];
    this.length = 0;
    if (!this.target.write(bytes)) this.full = true;
  }
}

/** The document of a Response's body, if it is one (and how far it went). */
export function documentOf(body: ReadableStream<Uint8Array> | null): DocumentBody | undefined {
  return body ? (body as unknown as { [DOCUMENT_BODY]?: DocumentBody })[DOCUMENT_BODY] : undefined;
}

/**
 * A Response for React's `pipe`: its body is a web stream that starts React on its first read, and carries
 * the document for a taker that pipes it to the node response instead (decision 0071).
 */
export function documentResponse(pipe: (destination: Writable) => void, init: ResponseInit): Response {
  let started = false;
  const document: DocumentBody = {
    get started() {
      return started;
    },
    pipeTo(target) {
      if (started) throw new Error('a document is written to one taker only');
      started = true;
      const sink = new DocumentSink(target);
      pipe(sink as unknown as Writable);
      return sink;
    },
  };
  let sink: EventEmitter | undefined;
  let closed = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        // The first read starts React; its writes are queued as they come (one buffer per pass).
        sink ??= document.pipeTo({
          write: (bytes) => {
            if (!closed) controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
            return true;
          },
          flush: () => {},
          end: () => {
            if (!closed) controller.close();
            closed = true;
          },
          destroy: (error) => {
            if (!closed) controller.error(error);
            closed = true;
          },
        });
      },
      cancel() {
        closed = true;
        sink?.emit('close');
      },
    },
    // Nothing is pulled before someone reads: an unread body never starts React.
    { highWaterMark: 0 },
  );
  Object.defineProperty(body, DOCUMENT_BODY, { value: document });
  return new Response(body, init);
}
