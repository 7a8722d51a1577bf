import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { Envelope } from '../../../src/api/envelope.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { Accounts, type AccountsOptions } from '../../../src/sim/features/accounts/accounts.ts';
import { registerAccountRoutes } from '../../../src/sim/features/accounts/routes.ts';
import { Routes } from '../../../src/sim/routes.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { callByPath } from '../../../src/api/catalogue.ts';
import { createSimServer } from '../../../src/sim/server.ts';
import { SocketHub } from '../../../src/sim/socket-hub.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';

export const START = Date.UTC(2026, 10, 1, 12, 0, 0);
export const OUTBOX = 'a'.repeat(32);

let databases = 0;
/** A fresh fake IndexedDB store per call, so no test sees another's data. */
export function freshStore(): EventStore {
  return new EventStore({ name: `tessera-accounts-test-${++databases}`, indexedDB, IDBKeyRange });
}

/**
 * The accounts feature behind the real sim server: requests go through the catalogue's method and
 * payload checks exactly as they do in the worker. Cheap password hashing keeps the tests fast.
 */
export async function startAccounts(options: Partial<AccountsOptions> = {}) {
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock(START);
  const accounts = await Accounts.open({
    store: null,
    clock,
    policy: { passwordIterations: 1_000 },
    mintUrl: (() => {
      let next = 0;
      return () => `blob:test/${++next}`;
    })(),
    ...options,
  });
  const routes = new Routes();
  registerAccountRoutes(routes, accounts);
  const hub = new SocketHub((token) => accounts.userIdOf(token, clock.now()));
  accounts.onSessionsEnded(() => hub.endStaleSessions());
  const server = createSimServer({ routes, calls: callByPath, hub, clock, messages: loadServerMessages });

  async function call(
    path: string,
    payload: Record<string, unknown> = {},
    token = '',
    method?: 'GET' | 'POST',
  ): Promise<Envelope> {
    const GETS = new Set([
      'user/info',
      'user/authorization_code',
      'user_real/center',
      'pay_method/types',
      'pay_method/get_method_by_type',
      'notify/outbox',
    ]);
    return server.handle({
      method: method ?? (GETS.has(path) ? 'GET' : 'POST'),
      path,
      payload,
      headers: { lang: 'en', authorization: token },
      timeoutMs: 20_000,
    });
  }

  /** The newest code in the test outbox for an address. */
  async function codeFor(to: string): Promise<string> {
    const answer = await call('notify/outbox', { key: OUTBOX });
    const messages = answer.data as Array<{ to: string; code: string }>;
    const bare = (text: string) => text.replace(/[\s-]/g, '').toLowerCase();
    const found = messages.filter((message) => bare(message.to).endsWith(bare(to))).at(-1);
    if (!found) throw new Error(`no message to ${to}`);
    return found.code;
  }

  async function register(account: string, password = 'Secret123', extra: Record<string, unknown> = {}) {
    const mobile = !account.includes('@');
    const sent = await call(mobile ? 'notify/send_sms' : 'notify/send_email', {
      to: account,
      type: 1,
      outbox_key: OUTBOX,
      ...(mobile ? { area_id: 104 } : {}),
    });
    if (sent.code !== 1) throw new Error(`send failed: ${sent.msg}`);
    return call('user/register', {
      account,
      password,
      re_password: password,
      sms_code: await codeFor(account),
      type: mobile ? 'mobile' : 'email',
      ...(mobile ? { area_id: 104 } : {}),
      ...extra,
    });
  }

  async function login(account: string, password = 'Secret123'): Promise<string> {
    const answer = await call('user/login', {
      account,
      password,
      login_type: account.includes('@') ? 'email' : 'mobile',
    });
    if (answer.code !== 1) throw new Error(`login failed: ${answer.msg}`);
    return answer.data as string;
  }

  return { accounts, clock, call, codeFor, register, login, hub, server };
}

/** A real 1x1 PNG. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
