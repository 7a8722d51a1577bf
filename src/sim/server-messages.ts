import type { MessageTable } from './server.ts';

type Locale = { server?: Record<string, string> };

/**
 * Server messages come from the same locale files as the interface (section "server"), so a
 * simulator answer is translated like any other text. Each language is loaded once, lazily.
 */
const localeLoaders = import.meta.glob<{ default: Locale }>('../../locales/*.json');
const loaded = new Map<string, Promise<MessageTable>>();

export function loadServerMessages(lang: string): Promise<MessageTable> {
  let table = loaded.get(lang);
  if (!table) {
    const loader = localeLoaders[`../../locales/${lang}.json`];
    table = loader ? loader().then((module) => module.default.server ?? {}) : Promise.resolve({});
    loaded.set(lang, table);
  }
  return table;
}
