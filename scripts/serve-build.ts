/**
 * Serves build/ on localhost the way a static host does: clean URLs, no trailing slash,
 * build/404.html for unknown paths, and gzip-compressed responses (every static host compresses
 * text; without it, Lighthouse's simulated mobile network times the uncompressed bytes and
 * reports load times a real reader never sees). Used by the browser tests and the benchmark,
 * which need a server they can start and stop in-process.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import handler from 'serve-handler';

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveBuild(buildDir = path.join(__dirname, '..', 'build'), port = 0): Promise<StaticServer> {
  const compress = compression();
  const server = http.createServer((req, res) => {
    compress(req as never, res as never, () => {
      void handler(req, res, { public: buildDir, cleanUrls: true, trailingSlash: false, directoryListing: false });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${actual}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
