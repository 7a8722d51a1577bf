/**
 * Answers a prerendered page was built with (DESIGN.md "First paint"), for the reads whose answer
 * is the same for every visitor in the page's language: the news. The build asks the seeded
 * simulator for every such read a page makes while it renders (src/app/prerender-page.tsx) and
 * writes the answers into the page (scripts/prerender); the app that takes the page over starts
 * those reads from them (boot-app.tsx), so the page's words are in its HTML and do not flash to
 * skeletons and back. Keyed by the read (`readKey`), as the queries cache them.
 */
export interface OpeningAnswers {
  /** The answer already known for a read, if any. */
  known(key: string): { data: unknown } | undefined;
  /** A read the page made (the build records them, with their loads, to answer them). */
  asked?(key: string, load: () => Promise<unknown>): void;
}

/** The key of a read: its call and payload. */
export function readKey(call: string, payload: Record<string, unknown>): string {
  return JSON.stringify([call, payload]);
}

/** Answers known from a table (an object of key -> answer, as a page carries them). */
export function openingAnswersFrom(table: Readonly<Record<string, unknown>>): OpeningAnswers {
  return {
    known: (key) => (Object.hasOwn(table, key) ? { data: table[key] } : undefined),
  };
}

/**
 * A page's answers read back from its text: a JSON object of keys to answers, or null when there
 * is none or it cannot be read (the reads then load as on any page).
 */
export function decodeOpeningAnswers(text: string | null): OpeningAnswers | null {
  if (text === null) return null;
  try {
    const table: unknown = JSON.parse(text);
    if (typeof table !== 'object' || table === null || Array.isArray(table)) return null;
    return openingAnswersFrom(table as Record<string, unknown>);
  } catch {
    return null;
  }
}
