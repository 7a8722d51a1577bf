// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppUpdate, Services } from '../../../src/app/app-services.ts';
import { ServicesContext } from '../../../src/views/services-context.ts';
import { UpdateNotice } from '../../../src/views/shell/UpdateNotice.tsx';
import { createHarness, i18n } from './harness.tsx';

/**
 * "A new version is ready" (issue 27 item 5): the notice appears only once the service worker has
 * a new version waiting, and nothing reloads until the person presses Reload.
 */
afterEach(cleanup);

function draw(appUpdate: AppUpdate | undefined) {
  const services: Services = { ...createHarness().services, appUpdate };
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <UpdateNotice />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}

function fakeUpdate() {
  const ready$ = new BehaviorSubject(false);
  const reloads: number[] = [];
  const appUpdate: AppUpdate = { ready$, reload: () => reloads.push(Date.now()) };
  return { ready$, reloads, appUpdate };
}

describe('the new-version notice', () => {
  it('appears when a version is waiting, and reloads only when Reload is pressed', () => {
    const { ready$, reloads, appUpdate } = fakeUpdate();
    draw(appUpdate);
    expect(screen.queryByTestId('update-notice')).toBeNull();
    act(() => ready$.next(true));
    expect(screen.getByTestId('update-notice').textContent).toContain('A new version of Tessera is ready.');
    expect(reloads).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloads).toHaveLength(1);
  });

  it('Later hides it without reloading', () => {
    const { ready$, reloads, appUpdate } = fakeUpdate();
    draw(appUpdate);
    act(() => ready$.next(true));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-notice')).toBeNull();
    expect(reloads).toHaveLength(0);
  });

  it('is absent where no service worker runs (dev server, tests)', () => {
    draw(undefined);
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });
});
