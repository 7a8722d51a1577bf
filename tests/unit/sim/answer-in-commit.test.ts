import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { catalogue, type CallName } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import {
  BATCH_CLOSE_ALL,
  CODE_PURPOSE_FORGOT_PASSWORD,
  CODE_PURPOSE_PAY_PASSWORD,
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_TYPE_LONG,
  OTC_AD_SELL,
} from '../../../src/domain/contract-codes.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { scopedRequestId } from '../../../src/sim/request-log.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator, type Simulator } from '../../../src/sim/simulator.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import { PNG } from '../accounts/harness.ts';
import { TRON_ADDRESS, signedTronBinding, type BindingSessionKey } from '../address-book/tron-binding.ts';
import { START } from '../spot/sim-fixture.ts';

/**
 * Exactly once, for every mutating call of the contract, the way it broke: a server killed between
 * a command's commit and a separate write of its answer ran the retried command again. Here the
 * answer must already be in the log when the command's commit is: the test walks every POST call
 * to a success on a durable store, then
 * - sends each request again with its id: the same answer, and not one event more;
 * - checks the answer was stored by the commit that stored the command's events (the store sees
 *   the request's id in that very commit), so no moment exists where one is on file without the other;
 * - restarts the simulator on the same store (a crash after the last commit) and sends every
 *   request again: each gets its original answer and nothing runs.
 */

/** POST calls that may run again when retried, and why that is safe. Every other one is walked. */
const RUNS_AGAIN: Partial<Record<CallName, string>> = {
  'user/login': 'its answer is a session token, which is never stored; a retry opens another session',
  'user/logout': 'ending a session that has ended changes nothing',
  'security/two_factor_start':
    'its answer is a new TOTP seed, never stored in clear; a retry makes another, replacing the unconfirmed one',
  'security/two_factor_enable':
    'its answer holds the recovery codes, never stored in clear; a retry after it ran is refused (already on)',
  sms_mail: 'a code must reach the user: a retry sends a fresh one, bounded by the resend wait',
  'notify/send_sms': 'as sms_mail',
  'notify/send_email': 'as sms_mail',
  'address/send_code': 'as sms_mail',
  'account/convert_quote': 'a quote is kept in memory only (a reload asks again); the conversion is walked',
  'lever/deal': 'a read (POST in the family contract)',
  'lever/dealall': 'a read (POST in the family contract)',
  'lever/my_trade': 'a read (POST in the family contract)',
  'sim/set_speed': "the demo clock's setting, not an exchange command",
  'sim/skip': "the demo clock's setting, not an exchange command (see the note on time skips)",
  'sim/replay_source': 'a demo control of the market feed, not an exchange command',
  'sim/replay_file': 'a demo control of the market feed, not an exchange command',
  'sim/replay_control': 'a demo control of the market feed, not an exchange command',
  'sim/bench': "the spot screen's benchmark load, not an exchange command",
  'wallet/createPayOrder': 'not served by the simulator (answers "not available yet")',
};

const OUTBOX = 'e'.repeat(32);

/** The store, noting the request ids each commit carried. */
function watched(store: EventStore): { log: EventLog; committedWith: Set<string> } {
  const committedWith = new Set<string>();
  const log = new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'commit')
        return (...args: Parameters<EventLog['commit']>) => {
          const request = args[3];
          return target.commit(...args).then((seq) => {
            if (request) committedWith.add(request.id);
            return seq;
          });
        };
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { log, committedWith };
}

/**
 * A clock that moves one millisecond each time it is read, like a wall clock under a busy server: an
 * answer worked out again after its commit (a later read of the clock or state) differs from the one
 * on file, and the retry below sees it.
 */
class TickingClock extends ManualClock {
  override now(): number {
    this.advance(1);
    return super.now();
  }
}

interface Sent {
  path: CallName;
  payload: Record<string, unknown>;
  token: string;
  requestId: string;
  answer: Envelope;
}

async function lastSeq(store: EventStore): Promise<number> {
  return (await store.db.events.orderBy('seq').last())?.seq ?? 0;
}

describe('every mutating call stores its answer in its own commit', () => {
  it('a retried request (before or after a restart) gets its first answer and runs nothing again', async () => {
    const name = `answer-in-commit-${Math.random().toString(36).slice(2)}`;
    const store = new EventStore({ name, indexedDB, IDBKeyRange });
    const { log, committedWith } = watched(store);
    const clock = new TickingClock(START);
    let simulator: Simulator = await createSimulator({ clock, messages: loadServerMessages, store: log });

    let n = 0;
    const sent: Sent[] = [];
    const raw = (path: string, payload: Record<string, unknown>, token: string, requestId?: string) =>
      simulator.server.handle({
        method: catalogue[path as CallName]?.method ?? 'POST',
        path,
        payload,
        headers: { lang: 'en', authorization: token },
        timeoutMs: 20_000,
        ...(requestId === undefined ? {} : { requestId }),
      });
    /** A call without an id (setup, reads). */
    const call = async (path: string, payload: Record<string, unknown> = {}, token = '') => {
      const answer = await raw(path, payload, token);
      return answer;
    };
    /** A mutating call with an id: must succeed, and its retry must change nothing. */
    const once = async (path: CallName, payload: Record<string, unknown>, token: string) => {
      const requestId = `walk-${++n}`;
      const answer = await raw(path, payload, token, requestId);
      expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
      const scoped = scopedRequestId(requestId, token);
      expect(committedWith.has(scoped), `${path}: its answer was stored in its command's commit`).toBe(true);
      const seq = await lastSeq(store);
      expect(await raw(path, payload, token, requestId), `${path}: retried`).toEqual(answer);
      expect(await lastSeq(store), `${path}: the retry ran nothing`).toBe(seq);
      sent.push({ path, payload, token, requestId, answer });
      return answer;
    };
    const codeFor = async (to: string) => {
      const box = (await call('notify/outbox', { key: OUTBOX })).data as Array<{ to: string; code: string }>;
      return box.filter((message) => message.to.endsWith(to)).at(-1)?.code ?? '';
    };

    // Accounts: register, reset and change a password, a trade password, profile calls.
    const email = 'walker@example.com';
    expect((await call('notify/send_email', { to: email, type: 1, outbox_key: OUTBOX })).code).toBe(1);
    await once(
      'user/register',
      {
        account: email,
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: await codeFor(email),
        type: 'email',
      },
      '',
    );
    clock.advance(120_000);
    expect(
      (await call('notify/send_email', { to: email, type: CODE_PURPOSE_FORGOT_PASSWORD, outbox_key: OUTBOX }))
        .code,
    ).toBe(1);
    await once(
      'user/forget_password',
      {
        account: email,
        new_password: 'Secret456',
        secondary_password: 'Secret456',
        type: 'email',
        auth_code: await codeFor(email),
      },
      '',
    );
    const walker = (await call('user/login', { account: email, password: 'Secret456', login_type: 'email' }))
      .data as string;
    await once(
      'user/amend_password',
      { old_password: 'Secret456', new_password: 'Secret789', secondary_password: 'Secret789' },
      walker,
    );
    const phone = '13800138000';
    expect(
      (await call('notify/send_sms', { to: phone, type: 1, area_id: 104, outbox_key: OUTBOX })).code,
    ).toBe(1);
    await once(
      'user/register',
      {
        account: phone,
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: await codeFor(phone),
        type: 'mobile',
        area_id: 104,
      },
      '',
    );
    const texter = (await call('user/login', { account: phone, password: 'Secret123', login_type: 'mobile' }))
      .data as string;
    expect((await call('sms_mail', { email: 'texter@example.com', outbox_key: OUTBOX }, texter)).code).toBe(
      1,
    );
    await once(
      'safe/email',
      { email: 'texter@example.com', code: await codeFor('texter@example.com') },
      texter,
    );
    await once(
      'feedback/submit',
      { type: 1, title: 'A title', content: 'Some words about the exchange' },
      walker,
    );
    // Security (issue 34): the anti-phishing code, and a second session ended from the first.
    await once('security/anti_phishing', { phrase: 'Walker_42' }, walker);
    await once('security/allow_list', { on: 1 }, walker);
    await call('user/login', { account: email, password: 'Secret789', login_type: 'email' });
    const sessions = (await call('security/sessions', {}, walker)).data as Array<{
      id: string;
      current: number;
    }>;
    await once('security/end_session', { id: sessions.find((row) => row.current === 0)?.id ?? '' }, walker);
    // Two-factor sign-in on (its enrolment is never stored: RUNS_AGAIN) and off again, exactly once.
    const seed = (await call('security/two_factor_start', {}, walker)).data as { secret: string };
    const totp = (at: number) => TOTP.generate({ secret: Secret.fromBase32(seed.secret), timestamp: at });
    const enrolledAt = Date.now();
    expect((await call('security/two_factor_enable', { code: totp(enrolledAt) }, walker)).code).toBe(1);
    await once('security/two_factor_disable', { totp_code: totp(enrolledAt + 30_000) }, walker);

    const demo = (
      await call('user/login', {
        account: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        login_type: 'email',
      })
    ).data as string;
    expect(
      (
        await call(
          'notify/send_email',
          { to: DEMO_ACCOUNT.email, type: CODE_PURPOSE_PAY_PASSWORD, outbox_key: OUTBOX },
          demo,
        )
      ).code,
    ).toBe(1);
    await once(
      'user/amend_pay_password',
      { password: 'Trade123', auth_code: await codeFor(DEMO_ACCOUNT.email) },
      demo,
    );
    const upload = (
      await once('common/image_upload', { file: new Blob([PNG], { type: 'image/png' }) }, walker)
    ).data as { url: string };
    const back = (await call('common/image_upload', { file: new Blob([PNG], { type: 'image/png' }) }, walker))
      .data as { url: string };
    await once(
      'user_real/real_name',
      { name: 'Ada Lovelace', card_id: 'AB123456', front_pic: upload.url, reverse_pic: back.url },
      walker,
    );
    await once(
      'pay_method/save',
      { type: 2, raw_data: { real_name: 'Ada', account: 'ada@pay', qrcode: upload.url } },
      walker,
    );

    // The address book: bind, relabel, delete (and bind again for the withdrawal).
    const bind = async (label: string) => {
      clock.advance(120_000);
      expect((await call('address/send_code', { via: 'email', outbox_key: OUTBOX }, demo)).code).toBe(1);
      const key = (await call('address/session_key', {}, demo)).data as BindingSessionKey;
      const answer = await once(
        'address/bind',
        await signedTronBinding(key, await codeFor(DEMO_ACCOUNT.email), label),
        demo,
      );
      return (answer.data as { id: number }).id;
    };
    const first = await bind('cold');
    await once('address/label', { id: first, label: 'colder' }, demo);
    await once('address/delete', { id: first }, demo);
    await bind('hot');

    // Price alerts: one set far above the market (it cannot fire during the walk), then removed.
    const alert = (await once('alert/add', { currency_match_id: 1, direction: 1, price: '9999999.00' }, demo))
      .data as { id: number };
    await once('alert/delete', { id: alert.id }, demo);

    // The wallet: a simulated deposit, transfers, a withdrawal and its cancel, a conversion.
    await once('sim/deposit', { currency_id: 1, currency_protocol_id: 1, number: '250' }, demo);
    for (const to of ['lever', 'micro', 'financial'])
      await once('account/transfer', { currency_id: 1, balance: '2000', from: 'change', to }, demo);
    const withdrawal = (
      await once(
        'account/draw',
        {
          currency_id: 1,
          currency_protocol_id: 1,
          number: '50',
          address: TRON_ADDRESS,
          pay_password: 'Trade123',
        },
        demo,
      )
    ).data as { id: number };
    await once('account/draw_cancel', { id: withdrawal.id }, demo);
    const quote = (await call('account/convert_quote', { currency_id: 2, number: '0.01' }, demo)).data as {
      quote_id: string;
    };
    await once('account/convert', { quote_id: quote.quote_id, currency_id: 2, number: '0.01' }, demo);

    // Spot: a resting buy and its cancel; far from the market, inside the price band (0.5x to 2x).
    const last = async (pairId: number) =>
      Number(
        (
          (await call('market/deal', { currency_match_id: pairId }, demo)).data as {
            quotation: { close: string };
          }
        ).quotation.close,
      );
    const btc = await last(1);
    const order = (
      await once(
        'tx_in/add',
        { currency_match_id: 1, number: '0.001', price: (btc * 0.6).toFixed(2), type: 0 },
        demo,
      )
    ).data as { id: number };
    await once('tx_in/cancel', { id: order.id }, demo);
    const ask = (
      await once(
        'tx_out/add',
        { currency_match_id: 1, number: '0.001', price: (btc * 1.8).toFixed(2), type: 0 },
        demo,
      )
    ).data as { id: number };
    await once('tx_out/cancel', { id: ask.id }, demo);

    // Lever: open, set stops, close; a fixed-price order and its cancel; close all.
    const market = {
      currency_match_id: 2,
      share: 2,
      multiple: 10,
      type: LEVER_TYPE_LONG,
      status: LEVER_PRICE_MARKET,
    };
    const opened = (await once('lever/submit', market, demo)).data as { id: number; price: string };
    await once('lever/setstop', { id: opened.id, target_profit_price: '0', stop_loss_price: '0' }, demo);
    await once('lever/close', { id: opened.id }, demo);
    const pending = (
      await once(
        'lever/submit',
        // Below the last price, inside the lever band (20 %).
        { ...market, status: LEVER_PRICE_FIXED, target_price: ((await last(2)) * 0.85).toFixed(2) },
        demo,
      )
    ).data as { id: number };
    await once('lever/cancel', { id: pending.id }, demo);
    await call('lever/submit', market, demo);
    await once('lever/batch_close', { type: BATCH_CLOSE_ALL, currency_match_id: 2 }, demo);

    // Micro and earnings.
    await once(
      'microtrade/submit',
      { match_id: 1, currency_id: 1, type: 1, seconds: 30, number: '100' },
      demo,
    );
    const holding = (await once('ieo/addIeo', { id: 1, number: '700' }, demo)).data as { id: number };
    await once('ieo/redeem', { id: holding.id }, demo);

    // P2P: the demo merchant publishes, edits and pauses an ad; the walker orders on another of
    // its ads, pays, and the demo releases; a second order is cancelled, a third delayed and disputed.
    const terms = {
      type: OTC_AD_SELL,
      coin: 'USDT',
      fiat: 'CNY',
      price: '7.10',
      float_margin: '',
      total: '500',
      min: '100',
      max: '1000',
      pay_methods: ['bank'],
      pay_limit: 15,
      remarks: '',
    };
    const ad = (await once('otc/publish', terms, demo)).data as { id: number };
    await once('otc/edit_ad', { ...terms, id: ad.id, price: '7.20' }, demo);
    await once('otc/ad_status', { id: ad.id, status: 2 }, demo);
    await once('otc/ad_status', { id: ad.id, status: 1 }, demo);
    const opening = async () =>
      ((await once('otc/order_create', { ad_id: ad.id, amount: '144' }, walker)).data as { id: number }).id;
    const paid = await opening();
    await once('otc/pay', { id: paid, voucher: upload.url }, walker);
    await once('otc/release', { id: paid }, demo);
    await once('otc/cancel', { id: await opening() }, walker);
    const disputed = await opening();
    await once('otc/pay', { id: disputed, voucher: upload.url }, walker);
    await once('otc/delay', { id: disputed }, demo);
    clock.advance(6 * 60_000);
    await once('otc/dispute', { id: disputed, reason: 'notReleased' }, walker);

    // Every POST call was walked, or is listed with the reason it may run again.
    const walked = new Set(sent.map((s) => s.path));
    const posts = (Object.keys(catalogue) as CallName[]).filter((path) => catalogue[path].method === 'POST');
    expect(posts.filter((path) => !walked.has(path) && RUNS_AGAIN[path] === undefined)).toEqual([]);
    expect(posts.filter((path) => walked.has(path) && RUNS_AGAIN[path] !== undefined)).toEqual([]);

    // A crash after the last commit: a new simulator on the same store answers every retry from
    // the log, and runs nothing.
    const seq = await lastSeq(store);
    simulator = await createSimulator({ clock, messages: loadServerMessages, store: log });
    const opened2 = await lastSeq(store);
    for (const request of sent)
      expect(
        await raw(request.path, request.payload, request.token, request.requestId),
        request.path,
      ).toEqual(request.answer);
    expect(await lastSeq(store)).toBe(opened2);
    expect(opened2).toBeGreaterThanOrEqual(seq);
    store.close();
  }, 120_000);
});

describe('a request log that cannot be read', () => {
  it('refuses the request (nothing done, safe to retry) instead of running it again', async () => {
    const store = new EventStore({
      name: `unreadable-${Math.random().toString(36).slice(2)}`,
      indexedDB,
      IDBKeyRange,
    });
    const simulator = await createSimulator({
      clock: new ManualClock(START),
      messages: loadServerMessages,
      store,
    });
    const token = (
      await simulator.server.handle({
        method: 'POST',
        path: 'user/login',
        payload: { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
        headers: { lang: 'ru', authorization: '' },
        timeoutMs: 20_000,
      })
    ).data as string;
    const transfer = () =>
      simulator.server.handle({
        method: 'POST',
        path: 'account/transfer',
        payload: { currency_id: 1, balance: '10', from: 'change', to: 'lever' },
        headers: { lang: 'ru', authorization: token },
        timeoutMs: 20_000,
        requestId: 'unreadable-1',
      });
    const seq = await lastSeq(store);
    const answerOf = store.answerOf.bind(store);
    store.answerOf = () => Promise.reject(new Error('disk gone'));
    const refused = await transfer();
    expect(refused).toEqual({
      code: 0,
      msg: 'Биржа сейчас не может проверить этот запрос. Ничего не выполнено: попробуйте ещё раз',
      data: [],
    });
    expect(await lastSeq(store)).toBe(seq);
    // Once the log reads again, the same request runs, once.
    store.answerOf = answerOf;
    const done = await transfer();
    expect(done.code, done.msg).toBe(1);
    expect(await transfer()).toEqual(done);
    store.close();
  });
});
