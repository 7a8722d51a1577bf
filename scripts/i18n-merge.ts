/**
 * Merges translated keys into a locale file, in the key order of locales/en.json, and drops keys
 * English no longer has. Input: a flat JSON object { "section.key": "text", ... }.
 *   npx tsx scripts/i18n-merge.ts <code> <flat-translations.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';

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

function setPath(tree: Tree, path: string, value: string): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object') node = next;
    else node = node[part] = {};
  }
  node[parts.at(-1) ?? ''] = value;
}

const [code, input] = process.argv.slice(2);
if (!code || !input) throw new Error('usage: i18n-merge <code> <flat-translations.json>');
const englishFile = flatten(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Tree);
const incomingRaw = JSON.parse(readFileSync(input, 'utf8')) as Record<string, string>;
// English defines the keys: merging into en adds its new keys (at the end of their section).
const english = code === 'en' ? new Map([...englishFile, ...Object.entries(incomingRaw)]) : englishFile;
let existing = new Map<string, string>();
try {
  existing = flatten(JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Tree);
} catch {
  // A new language starts empty.
}
const incoming = new Map(Object.entries(incomingRaw));
const merged = new Map([...existing, ...incoming]);

const englishBases = [...new Set([...english.keys()].map((key) => key.replace(PLURAL, '')))];
const out: Tree = {};
const missing: string[] = [];
for (const key of english.keys()) {
  const base = key.replace(PLURAL, '');
  if (PLURAL.test(key)) {
    // Plural keys: whatever forms the translation carries for this base, once, in order.
    if (!englishBases.includes(base)) continue;
    const forms = [...merged.keys()].filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k));
    if (forms.length === 0) missing.push(key);
    for (const form of forms) setPath(out, form, merged.get(form) ?? '');
    englishBases.splice(englishBases.indexOf(base), 1);
  } else if (merged.has(key)) setPath(out, key, merged.get(key) ?? '');
  else missing.push(key);
}
writeFileSync(`locales/${code}.json`, JSON.stringify(out, null, 2) + '\n');
console.log(
  `${code}: written; ${missing.length} keys still missing${missing.length ? ': ' + missing.join(', ') : ''}`,
);
