import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../src/api/client.ts';
import type { Envelope } from '../../../../src/api/envelope.ts';
import { DEMO_ACCOUNT } from '../../../../src/sim/features/accounts/policy.ts';
import { startHarness, type Harness } from '../sim-harness.ts';

/**
 * The family's own clients on Tessera's server, round two: the field meanings they read and the
 * call forms they send. Each fact is checked on the wire as such a client reads it (a raw request
 * on the transport) and through Tessera's own client (which decodes the same shape), over the
 * simulator's transport and over HTTP, both answered by the same routes.
 */
export type TransportName = 'sim' | 'http';
export const TRANSPORTS = ['sim', 'http'] as const;

export interface FamilyWire {
  harness(): Harness;
  /** What a family client sends: the raw request, the raw envelope back. */
  wire(
    name: TransportName,
    method: 'GET' | 'POST',
    path: string,
    payload: Record<string, unknown>,
    token?: string,
  ): Promise<Envelope>;
  /** The demo user's token on that transport. */
  signIn(name: TransportName): Promise<string>;
  /** Tessera's own client on the same transport, signed in as the demo user (or with `token`). */
  tessera(name: TransportName, token?: string): Promise<ApiClient>;
  /** Registers a new user by e-mail (its code from the demo outbox) and answers its token. */
  newUser(name: TransportName, email: string): Promise<string>;
}

/** One simulator for the file, reached through both transports. */
export function familyWire(): FamilyWire {
  let harness: Harness | undefined;
  const tokens: Partial<Record<TransportName, string>> = {};
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  const wire: FamilyWire['wire'] = (name, method, path, payload, token = '') =>
    harness!.transports[name].request({
      method,
      path,
      payload,
      headers: { lang: 'en', authorization: token },
      timeoutMs: 20_000,
    }) as Promise<Envelope>;
  const signIn = async (name: TransportName) => {
    const known = tokens[name];
    if (known) return known;
    const login = await wire(name, 'POST', 'user/login', {
      account: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      login_type: 'email',
    });
    if (login.code !== 1) throw new Error(`login failed: ${login.msg}`);
    tokens[name] = login.data as string;
    return login.data as string;
  };
  return {
    harness: () => harness!,
    wire,
    signIn,
    async newUser(name, email) {
      const key = Buffer.from(email).toString('hex').padEnd(32, '0').slice(0, 32);
      await wire(name, 'POST', 'notify/send_email', { to: email, type: 1, outbox_key: key });
      const outbox = await wire(name, 'GET', 'notify/outbox', { key });
      const code = (outbox.data as Array<{ code: string; to: string }>).find((m) => m.to === email)?.code;
      const registered = await wire(name, 'POST', 'user/register', {
        account: email,
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: code ?? '',
        type: 'email',
      });
      if (registered.code !== 1) throw new Error(`register failed: ${registered.msg}`);
      const login = await wire(name, 'POST', 'user/login', {
        account: email,
        password: 'Secret123',
        login_type: 'email',
      });
      if (login.code !== 1) throw new Error(`login failed: ${login.msg}`);
      return login.data as string;
    },
    async tessera(name, given) {
      const token = given ?? (await signIn(name));
      return createApiClient({
        transport: harness!.transports[name],
        getToken: () => token,
        getLang: () => 'en',
        notify: () => undefined,
      });
    },
  };
}
