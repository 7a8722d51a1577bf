// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, machinesReady } from '../../../src/machines/deferred.ts';
import type { AppMachines } from '../../../src/app/machines/index.ts';
import { routes } from '../../../src/views/routes.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

/** The trade screen's route element (the layouts around it are not under test). */
function tradeRoute(): ReactNode {
  for (const layout of routes)
    for (const child of layout.children ?? []) if (child.path === 'trade') return child.element;
  throw new Error('no /trade route');
}

/**
 * The trading screens run the trading machines and the price alerts (routes.tsx TRADING_SCREEN):
 * wired first, before the other features' modules have loaded (app/machines/deferred.ts), they
 * are all the trade screen waits for. Its own file: a route's lazy page keeps the wait it began.
 */
describe('the trade screen and the features it runs', () => {
  it('is up once the trading features are in, the rest still loading', async () => {
    const harness = createHarness();
    const { trading, alerts } = harness.services.machines;
    let allIn = false;
    // What the app's deferred machines give its views: these features first, the whole never here.
    const machines = deferred(() => new Promise<AppMachines>(() => undefined), {
      features: ['trading', 'alerts'],
      load: Promise.resolve({ trading, alerts }),
    });
    void machinesReady().then(() => (allIn = true));
    renderAt({ ...harness, services: { ...harness.services, machines } }, '/trade', tradeRoute());
    expect(await screen.findByTestId('market-header', {}, { timeout: 5_000 })).toBeTruthy();
    expect(allIn).toBe(false);
    // A feature of the rest is still refused, and says so.
    expect(() => machines.wallet).toThrow(/wallet machines were used before they loaded/);
  });
});
