import { catalogue } from '../../../src/api/catalogue.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator, type Simulator } from '../../../src/sim/simulator.ts';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import type { Envelope } from '../../../src/api/envelope.ts';

export const START = Date.UTC(2026, 10, 2, 9, 0, 0);

export interface SpotFixture {
  simulator: Simulator;
  clock: ManualClock;
  call(path: string, payload?: Record<string, unknown>, token?: string): Promise<Envelope>;
  /** Signs the demo account in and answers its token. */
  login(): Promise<string>;
  /** Lets the market run for `ms` of simulated time and the fills it made settle. */
  run(ms: number): Promise<void>;
}

/** A whole simulator on a manual clock, reached the way the worker serves it (envelopes). */
export async function spotFixture(
  options: { store?: EventLog | null; start?: number } = {},
): Promise<SpotFixture> {
  const clock = new ManualClock(options.start ?? START);
  const simulator = await createSimulator({
    clock,
    messages: loadServerMessages,
    store: options.store ?? null,
  });
  const call = (path: string, payload: Record<string, unknown> = {}, token = '') =>
    simulator.server.handle({
      // The method the contract names for the call (an unknown path is refused whatever it is).
      method: catalogue[path as keyof typeof catalogue]?.method ?? 'POST',
      path,
      payload,
      headers: { lang: 'en', authorization: token },
      timeoutMs: 20_000,
    });
  return {
    simulator,
    clock,
    call,
    async login() {
      const answer = await call('user/login', {
        account: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        login_type: 'email',
      });
      if (answer.code !== 1) throw new Error(`login failed: ${answer.msg}`);
      return answer.data as string;
    },
    async run(ms) {
      for (let step = 0; step < ms; step += 1000) {
        clock.advance(Math.min(1000, ms - step));
        simulator.market.market.advanceToNow();
        await simulator.spot.flushFills();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** Registers a fresh e-mail account through the demo outbox and signs it in; answers its token. */
export async function registerUser(fixture: SpotFixture, email: string): Promise<string> {
  const key = 'ab'.repeat(16);
  const sent = await fixture.call('notify/send_email', { to: email, type: 1, outbox_key: key });
  if (sent.code !== 1) throw new Error(`code not sent: ${sent.msg}`);
  const outbox = await fixture.call('notify/outbox', { key });
  const code = (outbox.data as Array<{ code: string; to: string }>)
    .filter((message) => message.to === email)
    .at(-1)?.code;
  const registered = await fixture.call('user/register', {
    account: email,
    password: 'Secret123',
    re_password: 'Secret123',
    sms_code: code ?? '',
    type: 'email',
  });
  if (registered.code !== 1) throw new Error(`not registered: ${registered.msg}`);
  const login = await fixture.call('user/login', {
    account: email,
    password: 'Secret123',
    login_type: 'email',
  });
  if (login.code !== 1) throw new Error(`login failed: ${login.msg}`);
  await fixture.simulator.spot.flushFills();
  return login.data as string;
}
