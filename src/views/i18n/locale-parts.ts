/**
 * A locale file comes in parts, so the first paint waits only for the text it shows:
 * - `shell`: the sections the app's frame uses on every page (header, footer, menus, toasts, the
 *   demo outbox); loaded before the first render.
 * - `page`: every other section (the pages' own text, and `server`, which a few pages read too);
 *   fetched at once beside the shell and awaited by each lazy page before it renders.
 * - `server`: the simulator's answer messages only, for the worker.
 * The build cuts each part out of locales/<code>.json (vite.config.ts), so the files stay whole.
 */
export const SHELL_SECTIONS: readonly string[] = [
  'brand',
  'nav',
  'account',
  'header',
  'footer',
  'common',
  'errors',
  'session',
  'sim',
  'outbox',
  'devtools',
  'notFound',
  'comingSoon',
  'pages',
  'notice',
];

export type LocalePart = 'shell' | 'page' | 'server';

export const LOCALE_PARTS: readonly LocalePart[] = ['shell', 'page', 'server'];

type Tree = Record<string, unknown>;

/** The sections of one part of a locale tree. */
export function localePart(tree: Tree, part: LocalePart): Tree {
  const keep = (section: string): boolean =>
    part === 'server'
      ? section === 'server'
      : part === 'shell'
        ? SHELL_SECTIONS.includes(section)
        : !SHELL_SECTIONS.includes(section);
  return Object.fromEntries(Object.entries(tree).filter(([section]) => keep(section)));
}
