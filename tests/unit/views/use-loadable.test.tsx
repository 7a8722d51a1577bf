import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadOnce, settled, type Loadable } from '../../../src/streams/loadable.ts';
import { useLoadable } from '../../../src/views/use-loadable.ts';
import type { Observable } from 'rxjs';

function Shown({ source }: { source: Observable<Loadable<string>> | null }) {
  const state = useLoadable(source);
  return <p>{state.status === 'ready' ? state.data : state.status}</p>;
}

/** The first render (a prerender, or the render a hydration compares with the page) of a load. */
describe('useLoadable, first render', () => {
  it('shows an answer the page already has (settled) at once', () => {
    expect(renderToString(<Shown source={settled('Announcements')} />)).toBe('<p>Announcements</p>');
  });

  it('is loading for a load that has not answered, even one that answers at once', () => {
    expect(renderToString(<Shown source={loadOnce(() => Promise.resolve('late'))} />)).toBe('<p>loading</p>');
    expect(renderToString(<Shown source={null} />)).toBe('<p>loading</p>');
  });
});
