// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A new page opens at its top; the page the document was loaded at keeps the browser's scroll.
 * The hook is loaded afresh per test: it remembers the page shown last at module level, from the
 * address the document was loaded at.
 */
let scrolls: Array<[number, number]> = [];

async function hookLoadedAt(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const { useNewPageAtTop } = await import('../../../src/views/shell/use-new-page-at-top.ts');
  return function Page({ pathname }: { pathname: string }) {
    useNewPageAtTop(pathname);
    return null;
  };
}

beforeEach(() => {
  scrolls = [];
  window.scrollTo = ((x: number, y: number) => void scrolls.push([x, y])) as typeof window.scrollTo;
});
afterEach(cleanup);

describe('useNewPageAtTop', () => {
  it('keeps the scroll of the page the document was loaded at, and opens each next page at its top', async () => {
    const Page = await hookLoadedAt('/home');
    const view = render(<Page pathname="/home" />);
    expect(scrolls).toEqual([]);
    view.rerender(<Page pathname="/notice" />);
    expect(scrolls).toEqual([[0, 0]]);
    // The same page again (a change of its query alone) keeps the scroll.
    view.rerender(<Page pathname="/notice" />);
    expect(scrolls).toEqual([[0, 0]]);
    view.rerender(<Page pathname="/home" />);
    expect(scrolls).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('opens at its top a next page that is the first React shows (a link clicked while hydrating)', async () => {
    const Page = await hookLoadedAt('/home');
    render(<Page pathname="/notice" />);
    expect(scrolls).toEqual([[0, 0]]);
  });
});
