// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRegisteredLogin } from '../../../src/machines/login-prefs.ts';
import ForgotPasswordPage from '../../../src/views/pages/auth/ForgotPasswordPage.tsx';
import LoginPage from '../../../src/views/pages/auth/LoginPage.tsx';
import RegisterPage from '../../../src/views/pages/auth/RegisterPage.tsx';
import { ServicesContext } from '../../../src/views/services-context.ts';
import { createHarness, i18n, type Harness } from './harness.tsx';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const AREAS = [
  { id: 1, name: 'Afghanistan', global_code: '93' },
  { id: 44, name: 'United Kingdom', global_code: '44' },
];

function harness(): Harness {
  return createHarness({
    'default/area_list': () => Promise.resolve(AREAS),
    'default/setting': () => Promise.resolve('0'),
  } as Parameters<typeof createHarness>[0]);
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page at an entry (path and router state) with the other paths showing where we went. */
function renderEntry(
  h: Harness,
  entry: { pathname: string; search?: string; state?: unknown },
  page: ReactNode,
) {
  const router = createMemoryRouter(
    [
      { path: entry.pathname, element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={h.services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}

describe('LoginPage after registering', () => {
  it('starts on the phone tab with the new phone number and its country filled in', async () => {
    renderEntry(
      harness(),
      { pathname: '/login', state: { account: '7700900123', tab: 'mobile', areaId: 44 } },
      <LoginPage />,
    );
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /phone/i }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByDisplayValue('7700900123')).toBeTruthy();
  });

  it('starts on the e-mail tab with the new address', async () => {
    renderEntry(
      harness(),
      { pathname: '/login', state: { account: 'ada@example.com', tab: 'email', areaId: null } },
      <LoginPage />,
    );
    expect(await screen.findByDisplayValue('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /e-mail/i }).getAttribute('aria-selected')).toBe('true');
  });

  it('reads only a well-formed hand-over from the router state', () => {
    expect(readRegisteredLogin(null)).toBeNull();
    expect(readRegisteredLogin('ada')).toBeNull();
    expect(readRegisteredLogin({ account: 'ada@example.com', tab: 'fax' })).toBeNull();
    expect(readRegisteredLogin({ account: '', tab: 'email' })).toBeNull();
    expect(readRegisteredLogin({ account: '123456', tab: 'mobile', areaId: -1 })).toEqual({
      account: '123456',
      tab: 'mobile',
      areaId: null,
    });
  });
});

describe('LoginPage after a password reset', () => {
  it('starts with the account whose password was just reset', async () => {
    const h = createHarness({
      'default/area_list': () => Promise.resolve(AREAS),
      'default/setting': () => Promise.resolve('0'),
      'user/forget_password': () => Promise.resolve(null),
    } as Parameters<typeof createHarness>[0]);
    const router = createMemoryRouter(
      [
        { path: '/forgetPassword', element: <ForgotPasswordPage /> },
        { path: '/login', element: <LoginPage /> },
      ],
      { initialEntries: ['/forgetPassword'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={h.services}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
    await screen.findByTestId('forgot-page');
    const type = (id: string, value: string) =>
      fireEvent.change(document.getElementById(id)!, { target: { value } });
    type('forgot-account', '  Ada@Example.com ');
    type('forgot-code', '123456');
    type('forgot-password', 'Newpass123');
    type('forgot-password2', 'Newpass123');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /e-mail/i }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByDisplayValue('ada@example.com')).toBeTruthy();
  });
});

describe('login and register when already signed in', () => {
  const cases: Array<[string, string, string]> = [
    ['/login', '?redirect=%2Fpersonal%2FaccountSettings', '/personal/accountSettings'],
    ['/login', '', '/home'],
    ['/login', '?redirect=%2F%2Fevil.example', '/home'],
    ['/login', '?redirect=https%3A%2F%2Fevil.example', '/home'],
    ['/register', '?redirect=%2Fregister', '/home'],
    ['/register', '?redirect=%2Ftrade%3Fsymbol%3DBTC', '/trade?symbol=BTC'],
  ];
  for (const [pathname, search, target] of cases) {
    it(`${pathname}${search} sends a signed-in user to ${target}`, async () => {
      const h = harness();
      h.services.session.send({ type: 'LOGIN', token: 'token' });
      renderEntry(h, { pathname, search }, pathname === '/login' ? <LoginPage /> : <RegisterPage />);
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(target));
      expect(screen.queryByTestId('login-page')).toBeNull();
      expect(screen.queryByTestId('register-page')).toBeNull();
    });
  }
});
