// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, machinesReady } from '../../../src/machines/deferred.ts';
import type { AppMachines } from '../../../src/app/machines/index.ts';
import { routes } from '../../../src/views/routes.tsx';
import { OnlyMachines } from '../../../src/views/shell/OnlyMachines.tsx';
import { ServicesContext, useServices } from '../../../src/views/services-context.ts';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

/** The element routes.tsx gives a top-level path (under the layouts, which are not under test). */
function routeElement(path: string): ReactNode {
  for (const layout of routes)
    for (const child of layout.children ?? []) if (child.path === path) return child.element;
  throw new Error(`no route ${path}`);
}

/** Long enough for a page's chunk and text (the pages that render came well within it). */
const CHUNK_AND_TEXT_MS = 1_500;

/**
 * As on a slow phone, the features' machine modules are still loading when a page's chunk and text
 * are in: here none ever comes in (trading-first.test.tsx: the trading screens' features do).
 */
describe('pages wait for the machines they run, and only those', () => {
  let allIn = false;

  it('the markets table is up while no machine has come in; the trade screen waits', async () => {
    deferred(() => new Promise<object>(() => undefined));
    void machinesReady().then(() => (allIn = true));
    renderAt(createHarness(), '/markets', routeElement('markets'));
    expect(await screen.findByTestId('markets-table', {}, { timeout: 5_000 })).toBeTruthy();
    cleanup();

    renderAt(createHarness(), '/trade', routeElement('trade'));
    await new Promise((done) => setTimeout(done, CHUNK_AND_TEXT_MS));
    expect(document.querySelector('.page-loading')).not.toBeNull();
    expect(screen.queryByTestId('market-header')).toBeNull();
    expect(allIn).toBe(false);
  });
});

describe('OnlyMachines', () => {
  function Reads({ feature }: { feature: keyof AppMachines }) {
    return <p>{Object.keys(useServices().machines[feature]).length} machines</p>;
  }

  function shownWith(features: ReadonlyArray<keyof AppMachines>, feature: keyof AppMachines) {
    const harness = createHarness();
    return render(
      <ServicesContext.Provider value={harness.services}>
        <OnlyMachines features={features}>
          <Reads feature={feature} />
        </OnlyMachines>
      </ServicesContext.Provider>,
    );
  }

  it('gives the features named and refuses every other, naming it', () => {
    shownWith(['trading', 'alerts'], 'trading');
    expect(screen.getByText(/\d+ machines/)).toBeTruthy();
    cleanup();
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => shownWith(['trading', 'alerts'], 'wallet')).toThrow(
        /the wallet machines were read by a page that does not wait for them/,
      );
      expect(() => shownWith([], 'trading')).toThrow(/the trading machines were read/);
    } finally {
      console.error = quiet;
    }
  });
});
