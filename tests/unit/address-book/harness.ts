import type { Envelope } from '../../../src/api/envelope.ts';
import { signAddressData } from '../../../src/domain/address-book/signature.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { Accounts } from '../../../src/sim/features/accounts/accounts.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { registerAccountRoutes } from '../../../src/sim/features/accounts/routes.ts';
import { AddressBook } from '../../../src/sim/features/address-book/address-book.ts';
import { registerAddressBookRoutes } from '../../../src/sim/features/address-book/routes.ts';
import { Routes } from '../../../src/sim/routes.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { callByPath } from '../../../src/api/catalogue.ts';
import { createSimServer } from '../../../src/sim/server.ts';
import { SocketHub } from '../../../src/sim/socket-hub.ts';
import type { EventStore } from '../../../src/sim/store/event-store.ts';
import { OUTBOX, START } from '../accounts/harness.ts';

const GETS = new Set(['address/list', 'address/draw_addresses', 'address/session_key', 'notify/outbox']);

export interface BindForm {
  user_id: number;
  address: string;
  coin_name: string;
  contract_address: string;
  verificationcode: string;
  timestamp: number;
  label: string;
}

/** Accounts and the address book behind the real sim server, as the worker assembles them. */
export async function startAddressBook(options: { store?: EventStore | null; clock?: ManualClock } = {}) {
  const clock = options.clock ?? new ManualClock(START);
  const accounts = await Accounts.open({ store: null, clock, policy: { passwordIterations: 1_000 } });
  const book = await AddressBook.open({ store: options.store ?? null, clock });
  const routes = new Routes();
  registerAccountRoutes(routes, accounts);
  registerAddressBookRoutes(routes, accounts, book);
  const hub = new SocketHub((token) => accounts.userIdOf(token, clock.now()));
  const server = createSimServer({ routes, calls: callByPath, hub, clock, messages: loadServerMessages });

  function call(
    path: string,
    payload: Record<string, unknown> = {},
    token = '',
    lang = 'en',
  ): Promise<Envelope> {
    return server.handle({
      method: GETS.has(path) ? 'GET' : 'POST',
      path,
      payload,
      headers: { lang, authorization: token },
      timeoutMs: 20_000,
    });
  }

  async function loginDemo(): Promise<string> {
    const answer = await call('user/login', {
      account: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      login_type: 'email',
    });
    if (answer.code !== 1) throw new Error(`login failed: ${answer.msg}`);
    return answer.data as string;
  }

  /** Sends a binding code by e-mail and reads it from the demo outbox. */
  async function sendCode(token: string): Promise<string> {
    const sent = await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, token);
    if (sent.code !== 1) throw new Error(`send failed: ${sent.msg}`);
    const box = (await call('notify/outbox', { key: OUTBOX })).data as Array<{
      code: string;
      purpose: number;
    }>;
    const last = box.at(-1);
    if (!last) throw new Error('no code in the outbox');
    return last.code;
  }

  /** The session's key and a signed form for `fields`, the way the client builds it. */
  async function signed(token: string, fields: Partial<BindForm> & { address: string }) {
    const keyAnswer = await call('address/session_key', {}, token);
    const { key, user_id, timestamp } = keyAnswer.data as { key: string; user_id: number; timestamp: number };
    const data: BindForm = {
      user_id,
      coin_name: 'USDT',
      contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      verificationcode: '',
      timestamp,
      label: '',
      ...fields,
    };
    return { data, signature: await signAddressData(key, { ...data }) };
  }

  return { accounts, book, clock, call, loginDemo, sendCode, signed };
}
