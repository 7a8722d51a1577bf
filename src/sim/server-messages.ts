import type { MessageTable } from './server.ts';

type Locale = { server?: Record<string, string> };

/** The language of the answers when a request's `lang` header names none of the locale files. */
export const FALLBACK_LANGUAGE = 'en';

/**
 * Server messages come from the same locale files as the interface (section "server"), so a
 * simulator answer is translated like any other text. Each language is loaded once, lazily.
 *
 * Only the languages that have a locale file are cached: any other `lang` header (the client
 * chooses it, so it can be anything) answers in the fallback language and adds nothing, so the
 * cache holds at most one table per locale file however many distinct headers arrive.
 */
// Only the section "server" of each file (vite.config.ts cuts it out), not the interface's text.
// English is not among them: it is in the script itself (below).
const localeLoaders = import.meta.glob<{ default: Locale }>(
  ['../../locales/*.json', '!../../locales/en.json'],
  { query: '?part=server' },
);
/**
 * English, every answer's fallback, is part of the simulator's own script rather than a chunk it
 * fetches: the first page's quotes wait for it, and on a busy machine its fetch queued behind the
 * page's own scripts (up to 120 ms after the market had opened, issue 27's first live quote).
 */
const builtIn = import.meta.glob<{ default: Locale }>('../../locales/en.json', {
  query: '?part=server',
  eager: true,
});
const loaded = new Map<string, Promise<MessageTable>>();

function loaderOf(lang: string): (() => Promise<{ default: Locale }>) | undefined {
  // Own properties only: `lang` is client input, and "constructor" must not reach Object.prototype.
  const key = `../../locales/${lang}.json`;
  const inScript = Object.hasOwn(builtIn, key) ? builtIn[key] : undefined;
  if (inScript) return () => Promise.resolve(inScript);
  return Object.hasOwn(localeLoaders, key) ? localeLoaders[key] : undefined;
}

/** The language whose messages answer a request with this `lang` header. */
export function serverLanguage(lang: string): string {
  return loaderOf(lang) ? lang : FALLBACK_LANGUAGE;
}

export function loadServerMessages(lang: string): Promise<MessageTable> {
  const language = serverLanguage(lang);
  let table = loaded.get(language);
  if (!table) {
    const loader = loaderOf(language);
    table = loader ? loader().then((module) => module.default.server ?? {}) : Promise.resolve({});
    loaded.set(language, table);
  }
  return table;
}

/** How many languages are cached (at most one per locale file): for tests. */
export function cachedServerLanguages(): number {
  return loaded.size;
}
