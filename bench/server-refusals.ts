/**
 * Names the server's code-0 answers (bench/server.ts): the message the server sent is matched back to
 * its key in the locale file's "server" section (the benchmark asks in English), so a refusal is
 * counted as `spotOrderNotOpen` rather than as a sentence, and the expected ones can be told apart
 * from errors.
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The English server messages (the benchmark asks with `lang: en`), to name refusals by key. */
export function englishServerMessages(): Record<string, string> {
  const english = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8')) as {
    server?: Record<string, string>;
  };
  return english.server ?? {};
}

/**
 * Business refusals a trading user meets in normal play and that say nothing bad about the server:
 * a cancel that lost the race against a fill, an order the balance no longer covers, the spot
 * exchange's optimistic-concurrency "busy, try again", a market order on an empty side.
 */
export const EXPECTED_REFUSALS: ReadonlySet<string> = new Set([
  'spotOrderNotOpen',
  'spotInsufficient',
  'spotStale',
  'spotNoBestPrice',
]);

/** Escapes a text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A function from a message to the key of the template that produced it (`{{name}}` placeholders
 * match any text), or null when no template matches. Templates are tried in the order given; an
 * exact template (no placeholder) wins over one with placeholders that also matches.
 */
export function messageKeyMatcher(
  templates: Readonly<Record<string, string>>,
): (message: string) => string | null {
  const exact = new Map<string, string>();
  const patterns: Array<{ key: string; pattern: RegExp }> = [];
  for (const [key, template] of Object.entries(templates)) {
    if (!/\{\{\s*\w+\s*\}\}/.test(template)) {
      if (!exact.has(template)) exact.set(template, key);
      continue;
    }
    const source = template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map(escapeRegExp)
      .join('[\\s\\S]*?');
    patterns.push({ key, pattern: new RegExp(`^${source}$`) });
  }
  return (message) => {
    const key = exact.get(message);
    if (key !== undefined) return key;
    for (const { key: candidate, pattern } of patterns) if (pattern.test(message)) return candidate;
    return null;
  };
}
