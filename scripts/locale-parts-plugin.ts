import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { LOCALE_PARTS, localePart, type LocalePart } from '../src/views/i18n/locale-parts.ts';

/**
 * `locales/<code>.json?part=shell|page|server` imports one part of a locale file (issue 19: the
 * first paint loads only the shell's text, the worker only the server's messages); see
 * src/views/i18n/locale-parts.ts. The part is a module whose default export is the tree, parsed
 * with JSON.parse (faster than an object literal of the same size to parse and compile). Used by
 * the app's build and tests (vite.config.ts) and by the crash tests (vitest.crash.config.ts), whose
 * servers run the simulator's code with its English messages built in (src/sim/server-messages.ts).
 */
export function localeParts(): Plugin {
  return {
    name: 'tessera-locale-parts',
    enforce: 'pre',
    load(id) {
      const [file = '', query = ''] = id.split('?');
      const part = new URLSearchParams(query).get('part') as LocalePart | null;
      if (!/[\\/]locales[\\/][a-z]+\.json$/.test(file) || !part || !LOCALE_PARTS.includes(part)) return null;
      this.addWatchFile(file);
      const tree = localePart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`,
        moduleType: 'js',
      };
    },
  };
}
