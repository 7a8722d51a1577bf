import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageTable } from '../server.ts';

/** The language of the answers when a request's `lang` header names no locale file. */
const FALLBACK_LANGUAGE = 'en';

/**
 * Server messages in Node: the same locale files as the browser's (section "server"; see
 * server-messages.ts, which loads them through Vite), read from disk once per language. Only the
 * languages that have a file are ever read or cached: `lang` is client input.
 */
export function nodeServerMessages(localesDir: string): (lang: string) => Promise<MessageTable> {
  const languages = new Set(
    readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length)),
  );
  const tables = new Map<string, MessageTable>();
  return async (lang) => {
    const language = languages.has(lang) ? lang : FALLBACK_LANGUAGE;
    let table = tables.get(language);
    if (!table) {
      const locale = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as {
        server?: MessageTable;
      };
      table = locale.server ?? {};
      tables.set(language, table);
    }
    return table;
  };
}
