/**
 * The build's prerender, in a process of its own (scripts/prerender/plugin.ts runs it after
 * `vite build` has written the bundle): the app is loaded through Vite's SSR module loader, as
 * source, and the seeded exchange is opened in Node. The app's timers (its stores' keep-alives)
 * would keep a build process alive, so this one exits when it has written its answer.
 *
 * Run: tsx scripts/prerender/render-pages.ts <openingAt ms> <with quotes: 1|0> <output.json> <path>...
 * Writes { quotes: string | null, pages: { [path]: { body: html, answers } } } to output.json:
 * each page's HTML, and the news answers it shows (none in a server build, as no quotes).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'vite';
import type { Envelope } from '../../src/api/envelope.ts';
import type { ContentAnswers, PrerenderedPage } from '../../src/app/prerender-page.tsx';
import type { KeptQuotes } from '../../src/streams/kept-quotes.ts';

const [openingArg = '', withQuotes = '1', output = '', ...paths] = process.argv.slice(2);
const openingAt = Number(openingArg);

async function main(): Promise<void> {
  const server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { freshOpeningQuotes } = (await server.ssrLoadModule('/src/sim/opening-quotes.ts')) as {
    freshOpeningQuotes: (openingAt: number) => Promise<Envelope>;
  };
  const { openingTableText } = (await server.ssrLoadModule('/src/app/opening-table.ts')) as {
    openingTableText: (envelope: unknown, at: number) => string | null;
  };
  const { readOpeningTable } = (await server.ssrLoadModule('/src/app/first-paint.ts')) as {
    readOpeningTable: (text: string | null) => KeptQuotes | null;
  };
  const { openingContent } = (await server.ssrLoadModule('/src/sim/opening-content.ts')) as {
    openingContent: (openingAt: number) => Promise<ContentAnswers>;
  };
  const { prerenderPage } = (await server.ssrLoadModule('/src/app/prerender-page.tsx')) as {
    prerenderPage: (
      path: string,
      opening: KeptQuotes | null,
      content: ContentAnswers | null,
    ) => Promise<PrerenderedPage>;
  };
  const quotes = withQuotes === '1' ? openingTableText(await freshOpeningQuotes(openingAt), openingAt) : null;
  if (withQuotes === '1' && quotes === null) throw new Error('the exchange opened without quotes');
  const content = withQuotes === '1' ? await openingContent(openingAt) : null;
  const pages: Record<string, PrerenderedPage> = {};
  for (const path of paths) pages[path] = await prerenderPage(path, readOpeningTable(quotes), content);
  writeFileSync(output, JSON.stringify({ quotes, pages }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
