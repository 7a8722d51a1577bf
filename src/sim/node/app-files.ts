import { createReadStream, realpathSync, statSync, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The built app's files, served by `npm run server -- --app <dir>` beside the API (`npm run build`
 * writes them to dist/): what a static host or `vite preview` serves, on the server's own origin.
 * - A file is served as it is, with its content type. Vite's hashed files (`/assets/`) are cached
 *   for a year and never asked again (their name changes with their content); every other file
 *   (the pages, the service worker sw.js, the manifest, icons) is asked again each time (`no-cache`,
 *   answered 304 while unchanged).
 * - A path without a file extension is a route of the app: its prerendered page (`/trade` ->
 *   trade.html) when the build wrote one, else index.html, whose app finds the route itself. A
 *   path with an extension that names no file is not found (404): a missing script is never
 *   answered with a page.
 * - HTML goes through `page` (served-page.ts: the server's marker and quotes) and is never cached.
 * - A path whose decoded segments are `.`, `..` or start with a dot, or hold a backslash or a NUL,
 *   is refused, and no file outside the directory is ever read, through a symbolic link either.
 * The API, the socket and the server's own paths (isAppPath) are never the app's.
 */

export const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** A file's content type by its extension; unknown ones as bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Paths the server answers itself, never with a file or a page of the app. */
export function isAppPath(pathname: string): boolean {
  return !/^\/(api|ws|demo)(\/|$)|^\/uploads\/|^\/healthz$/.test(pathname);
}

/**
 * The file `pathname` (a URL's path, still percent-encoded) names under `root` (an absolute path),
 * or null when it is refused: not a path, not decodable, a segment `.`, `..` or starting with a
 * dot, a backslash or a NUL anywhere. Empty segments (`//`) are skipped. What it returns is always
 * `root` itself or under it.
 */
export function resolveAppPath(root: string, pathname: string): string | null {
  if (!pathname.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const file = join(root, ...segments);
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** What a GET or HEAD of an app path finds. */
export type AppLookup =
  | { kind: 'file'; file: string; stats: Stats; immutable: boolean }
  | { kind: 'page'; file: string }
  | { kind: 'missing' };

/**
 * The directory given to `--app`, as a real path, checked at start: it must exist, be a directory
 * and hold the build's index.html. Throws with a message saying what is wrong.
 */
export function appRoot(dir: string): string {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    throw new Error(`--app ${dir}: no such directory (npm run build writes the app to dist/)`);
  }
  if (!statSync(root).isDirectory()) throw new Error(`--app ${dir}: not a directory`);
  let index: Stats | undefined;
  try {
    index = statSync(join(root, 'index.html'));
  } catch {
    index = undefined;
  }
  if (!index?.isFile())
    throw new Error(`--app ${dir}: no index.html in ${root} (npm run build writes the app there)`);
  return root;
}

export class AppFiles {
  /**
   * `root`: a real path (appRoot); `page`: what an HTML page becomes before it is sent
   * (served-page.ts).
   */
  constructor(
    private readonly root: string,
    private readonly page: (html: string) => Promise<string>,
  ) {}

  /** A regular file's stats when `file` is one inside the directory, links followed; else null. */
  private async regularFile(file: string | null): Promise<Stats | null> {
    if (file === null) return null;
    try {
      const stats = await stat(file);
      if (!stats.isFile()) return null;
      const real = await realpath(file);
      return real.startsWith(this.root + sep) ? stats : null;
    } catch {
      return null;
    }
  }

  /** What `pathname` (an app path: isAppPath) finds: a file, a page to send, or nothing. */
  async find(pathname: string): Promise<AppLookup> {
    const file = resolveAppPath(this.root, pathname);
    if (file === null) return { kind: 'missing' };
    const stats = await this.regularFile(file);
    if (stats) {
      if (file.endsWith('.html')) return { kind: 'page', file };
      return { kind: 'file', file, stats, immutable: pathname.startsWith(ASSETS_PREFIX) };
    }
    // A name with an extension is a file's, and there is none: never a page in its place.
    if (extname(file) !== '') return { kind: 'missing' };
    const route = pathname.replace(/\/+$/, '');
    const prerendered = route === '' ? null : resolveAppPath(this.root, `${route}.html`);
    if (prerendered !== null && (await this.regularFile(prerendered)))
      return { kind: 'page', file: prerendered };
    return { kind: 'page', file: join(this.root, 'index.html') };
  }

  /** Answers a GET or HEAD with what `find` found (a file or a page, never `missing`). */
  async send(
    found: Exclude<AppLookup, { kind: 'missing' }>,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const head = request.method === 'HEAD';
    if (found.kind === 'page') {
      const html = Buffer.from(await this.page(await readFile(found.file, 'utf8')));
      response.writeHead(200, {
        'content-type': contentTypeOf(found.file),
        'content-length': html.byteLength,
        'cache-control': REVALIDATE,
        'x-content-type-options': 'nosniff',
      });
      response.end(head ? undefined : html);
      return;
    }
    const { stats } = found;
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': contentTypeOf(found.file),
      'cache-control': found.immutable ? IMMUTABLE : REVALIDATE,
      etag,
      'last-modified': stats.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': stats.size });
    if (head) {
      response.end();
      return;
    }
    // A file that vanished or failed mid-way: the answer is cut short, and the client sees it.
    await pipeline(createReadStream(found.file), response).catch(() => response.destroy());
  }
}
