// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, machinesReady } from '../../../src/machines/deferred.ts';
import { routes } from '../../../src/views/routes.tsx';
import { WithoutMachines } from '../../../src/views/shell/WithoutMachines.tsx';
import { ServicesContext, useServices } from '../../../src/views/services-context.ts';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

// The features' machines of this file never come in: as on a slow phone whose eight machine
// modules are still loading when the page's own chunk and text are in.
deferred(() => new Promise<object>(() => undefined));

/** The element routes.tsx gives a top-level path (under the layouts, which are not under test). */
function routeElement(path: string): ReactNode {
  for (const layout of routes)
    for (const child of layout.children ?? []) if (child.path === path) return child.element;
  throw new Error(`no route ${path}`);
}

describe('pages that show the market render before the features machines', () => {
  it('the markets table is up while the machines are still loading', async () => {
    let machinesIn = false;
    void machinesReady().then(() => (machinesIn = true));
    renderAt(createHarness(), '/markets', routeElement('markets'));
    expect(await screen.findByTestId('markets-table', {}, { timeout: 5_000 })).toBeTruthy();
    expect(machinesIn).toBe(false);
  });

  it('a page that runs machines still waits for them', async () => {
    renderAt(createHarness(), '/trade', routeElement('trade'));
    // Long enough for its chunk and its text (the markets table above came well within it).
    await new Promise((done) => setTimeout(done, 1_500));
    expect(document.querySelector('.page-loading')).not.toBeNull();
    expect(screen.queryByTestId('market-header')).toBeNull();
  });

  it('a market page reading a machine fails at once and names the feature', () => {
    function ReadsTrading() {
      return <p>{Object.keys(useServices().machines.trading).length}</p>;
    }
    const harness = createHarness();
    const shown = () =>
      render(
        <ServicesContext.Provider value={harness.services}>
          <WithoutMachines>
            <ReadsTrading />
          </WithoutMachines>
        </ServicesContext.Provider>,
      );
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(shown).toThrow(/the trading machines were read by a market page/);
    } finally {
      console.error = quiet;
    }
    // The same component with the machines the app hands other pages renders.
    cleanup();
    render(
      <ServicesContext.Provider value={harness.services}>
        <ReadsTrading />
      </ServicesContext.Provider>,
    );
    expect(screen.getByText(/\d+/)).toBeTruthy();
  });
});
