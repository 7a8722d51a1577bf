/**
 * Lists, per language, the keys of locales/en.json that a locale file lacks (or carries though
 * English dropped them), with the English text: the translator's to-do list.
 *   npx tsx scripts/i18n-missing.ts [code ...]
 */
import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(code: string): Map<string, string> {
  try {
    return flatten(JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Tree);
  } catch {
    return new Map();
  }
}

const codes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['zh', 'jp', 'hk', 'gm', 'du', 'fr', 'ru', 'pt', 'es', 'ita', 'kr', 'th'];
const english = load('en');
const base = (key: string) => key.replace(PLURAL, '');
for (const code of codes) {
  const own = load(code);
  const ownBases = new Set([...own.keys()].map(base));
  const missing = [...english].filter(([key]) => !ownBases.has(base(key)));
  const englishBases = new Set([...english.keys()].map(base));
  const extra = [...own.keys()].filter((key) => !englishBases.has(base(key)));
  console.log(`## ${code}: ${missing.length} missing, ${extra.length} extra`);
  for (const [key, value] of missing) console.log(`${key}\t${value}`);
  for (const key of extra) console.log(`EXTRA ${key}`);
}
