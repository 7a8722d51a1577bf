import { z } from 'zod';
import * as e from './entities.ts';
import { decimal, empty, flag, id, paged, text, timestamp } from './fields.ts';

/**
 * The contract: every call of spec §7, written down once. Each entry names the HTTP method, the
 * path under /api/, the payload and the answer (both validated at the boundary), whether it needs a
 * token, and whether a success msg is toasted. Where the spec leaves a method or an answer open we
 * chose the obvious one; `docs/api.md` is generated from this table and a test keeps them equal.
 */
export interface CallSpec<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  auth: boolean;
  toast?: boolean;
  payload: P;
  answer: A;
}

function call<P extends z.ZodType, A extends z.ZodType>(spec: CallSpec<P, A>): CallSpec<P, A> {
  return spec;
}

const page = z.coerce.number().int().min(1).default(1);
const codeType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]);
const accountCode = z.enum(['legal', 'change', 'lever', 'micro', 'financial']);
function accountLogCall(kind: z.infer<typeof accountCode>) {
  return call({
    method: 'GET',
    path: `account_log/${kind}`,
    auth: true,
    summary: `Records of the ${kind} account`,
    payload: z.object({ currency_id: z.coerce.number().int().optional(), page }),
    answer: paged(e.accountLog),
  });
}

/**
 * A spot order (spec §3) as every spot call answers it. Beyond the spec's fields: type (0 limit,
 * 1 market), status (1 open, 2 filled, 3 cancelled; status_name is its label), avg_price, the fee
 * and its currency (what the order receives), created_at. transacted_volume is the base quantity
 * filled and transacted_amount the quote that changed hands (as a book entry's number and amount).
 * Times are epoch ms. A market order's price is its average fill price.
 */
const spotOrder = e.spotOrder.extend({
  type: z.union([z.literal(0), z.literal(1)]),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  avg_price: decimal,
  fee: decimal,
  fee_currency: text,
  created_at: timestamp,
});
export type SpotOrderAnswer = z.output<typeof spotOrder>;

const spotOrderPayload = z.object({
  currency_match_id: id,
  number: decimal,
  price: decimal.optional(),
  type: z.union([z.literal(0), z.literal(1)]).optional(),
});

const spotListPayload = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  currency_match_id: z.coerce.number().int().positive().optional(),
});

const ok = z.union([z.null(), z.string(), z.object({}).loose()]).optional();

/** The sending tab's demo-outbox key (simulator only; a real server ignores it). */
const outboxKey = text.optional();
/** One message of the simulator's demo outbox: a code, or a notice that no account uses the address. */
const outboxMessage = z.object({
  id,
  channel: z.enum(['sms', 'email']),
  to: text,
  purpose: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  kind: z.enum(['code', 'no_account']),
  code: text,
  at: z.number(),
});

export const catalogue = {
  // General and user
  'default/area_list': call({
    method: 'GET',
    path: 'default/area_list',
    auth: false,
    summary: 'Countries with dial codes',
    payload: empty,
    answer: z.array(e.area),
  }),
  'default/setting': call({
    method: 'GET',
    path: 'default/setting',
    auth: false,
    summary: 'One public setting by key',
    payload: z.object({
      key: z.enum(['login_use_sms', 'contact_mobile', 'contact_email', 'service_url', 'white_url']),
    }),
    answer: z.union([z.string(), z.number()]),
  }),
  'notify/send_sms': call({
    method: 'POST',
    path: 'notify/send_sms',
    auth: false,
    toast: true,
    summary: 'Send a verification code by SMS (outbox_key: see notify/outbox)',
    payload: z.object({ to: text, type: codeType, area_id: id, outbox_key: outboxKey }),
    answer: ok,
  }),
  'notify/send_email': call({
    method: 'POST',
    path: 'notify/send_email',
    auth: false,
    toast: true,
    summary: 'Send a verification code by e-mail (outbox_key: see notify/outbox)',
    payload: z.object({ to: text, type: codeType, area_id: id.optional(), outbox_key: outboxKey }),
    answer: ok,
  }),
  'notify/outbox': call({
    method: 'GET',
    path: 'notify/outbox',
    auth: false,
    summary:
      'Simulator only: the demo outbox. Nothing is really sent, so codes are filed under the ' +
      'outbox_key the sending tab passed (a random secret it keeps) and the tab polls for them here',
    payload: z.object({ key: text, after: z.coerce.number().int().min(0).default(0) }),
    answer: z.array(outboxMessage),
  }),
  'user/login': call({
    method: 'POST',
    path: 'user/login',
    auth: false,
    summary: 'Sign in; answers the token. country_code is the area id of default/area_list',
    payload: z.object({
      account: text,
      password: text,
      sms_code: text.optional(),
      login_type: z.enum(['email', 'mobile']),
      country_code: z.number().int().optional(),
    }),
    answer: z.object({ token: text, uid: id.optional(), is_seller: flag.optional() }),
  }),
  'user/register': call({
    method: 'POST',
    path: 'user/register',
    auth: false,
    toast: true,
    summary: 'Create an account',
    payload: z.object({
      account: text,
      password: text,
      re_password: text,
      invite_code: text.optional(),
      area_id: id.optional(),
      sms_code: text,
      type: z.enum(['email', 'mobile']),
    }),
    answer: ok,
  }),
  'user/info': call({
    method: 'GET',
    path: 'user/info',
    auth: true,
    summary: 'The signed-in user (area_id: the country of the bound phone, a Tessera addition)',
    payload: empty,
    answer: e.userInfo.extend({ area_id: id.nullable().optional() }),
  }),
  'user/authorization_code': call({
    method: 'GET',
    path: 'user/authorization_code',
    auth: true,
    summary: 'The agent authorization code',
    payload: empty,
    answer: z.object({ code: text }),
  }),
  'user/logout': call({
    method: 'POST',
    path: 'user/logout',
    auth: true,
    summary: 'End the session',
    payload: empty,
    answer: ok,
  }),
  'user/amend_password': call({
    method: 'POST',
    path: 'user/amend_password',
    auth: true,
    toast: true,
    summary: 'Change the login password',
    payload: z.object({ old_password: text, new_password: text, secondary_password: text }),
    answer: ok,
  }),
  'user/forget_password': call({
    method: 'POST',
    path: 'user/forget_password',
    auth: false,
    toast: true,
    summary: 'Reset a forgotten password',
    payload: z.object({
      account: text,
      new_password: text,
      secondary_password: text,
      type: z.enum(['email', 'mobile']),
      auth_code: text,
    }),
    answer: ok,
  }),
  'user/amend_pay_password': call({
    method: 'POST',
    path: 'user/amend_pay_password',
    auth: true,
    toast: true,
    summary: 'Set the trade password',
    payload: z.object({ password: text, auth_code: text }),
    answer: ok,
  }),
  'user_real/center': call({
    method: 'GET',
    path: 'user_real/center',
    auth: true,
    summary: 'Real-name review status',
    payload: empty,
    answer: z.object({ review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  }),
  'user_real/real_name': call({
    method: 'POST',
    path: 'user_real/real_name',
    auth: true,
    toast: true,
    summary: 'Submit real-name verification',
    payload: z.object({ name: text, card_id: text, front_pic: text, reverse_pic: text }),
    answer: ok,
  }),
  'common/image_upload': call({
    method: 'POST',
    path: 'common/image_upload',
    auth: true,
    summary: 'Upload an image (multipart field "file")',
    payload: z.object({ file: z.instanceof(Blob) }),
    answer: z.object({ url: text }),
  }),
  sms_mail: call({
    method: 'POST',
    path: 'sms_mail',
    auth: true,
    toast: true,
    summary: 'Legacy: send an e-mail binding code (outbox_key: see notify/outbox)',
    payload: z.object({ email: text, outbox_key: outboxKey }),
    answer: ok,
  }),
  'safe/email': call({
    method: 'POST',
    path: 'safe/email',
    auth: true,
    toast: true,
    summary: 'Legacy: bind an e-mail with its code',
    payload: z.object({ email: text, code: text }),
    answer: ok,
  }),
  'feedback/submit': call({
    method: 'POST',
    path: 'feedback/submit',
    auth: true,
    toast: true,
    summary: 'Send feedback (shape not in spec)',
    payload: z.object({ type: z.number().int(), title: text, content: text }),
    answer: ok,
  }),

  // News and payment methods
  'news/categories': call({
    method: 'GET',
    path: 'news/categories',
    auth: false,
    summary: 'News categories',
    payload: empty,
    answer: z.array(e.newsCategory),
  }),
  'news/list': call({
    method: 'GET',
    path: 'news/list',
    auth: false,
    summary: 'Articles of one category, newest first',
    payload: z.object({ category_id: z.coerce.number().int() }),
    answer: z.object({ data: z.array(e.newsItem) }),
  }),
  'news/info': call({
    method: 'GET',
    path: 'news/info',
    auth: false,
    summary: 'One article with its HTML body',
    payload: z.object({ id: z.coerce.number().int() }),
    answer: e.newsArticle,
  }),
  'pay_method/types': call({
    method: 'GET',
    path: 'pay_method/types',
    auth: true,
    summary: 'Collection method types',
    payload: empty,
    answer: z.array(e.payMethodType),
  }),
  'pay_method/get_method_by_type': call({
    method: 'GET',
    path: 'pay_method/get_method_by_type',
    auth: true,
    summary: 'The saved method of one type',
    payload: z.object({ type: z.coerce.number().int() }),
    answer: z.object({ type: id, raw_data: e.payMethodRaw }).nullable(),
  }),
  'pay_method/save': call({
    method: 'POST',
    path: 'pay_method/save',
    auth: true,
    toast: true,
    summary: 'Save a collection method',
    payload: z.object({ type: id, raw_data: e.payMethodRaw }),
    answer: ok,
  }),

  // Market
  'market/currency_matches': call({
    method: 'GET',
    path: 'market/currency_matches',
    auth: false,
    summary: 'Quote groups with their pairs and quotes',
    payload: empty,
    answer: z.array(e.quoteGroup),
  }),
  'market/deal': call({
    method: 'GET',
    path: 'market/deal',
    auth: false,
    summary: 'Quote, depth (in = bids, out = asks) and the last 30 trades, newest first',
    payload: z.object({ currency_match_id: z.coerce.number().int() }),
    answer: e.dealSnapshot,
  }),
  'market/kline': call({
    method: 'GET',
    path: 'market/kline',
    auth: false,
    summary: 'Candles of a pair between two times (seconds); bar time is its open, in ms',
    payload: z.object({
      from: z.coerce.number(),
      to: z.coerce.number(),
      symbol: text,
      period: z.enum(['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon']),
      currency_match_id: z.coerce.number().int(),
    }),
    answer: z.array(e.klineBar),
  }),

  // Simulator only: demo time (a real server answers these with code 0)
  'sim/speed': call({
    method: 'GET',
    path: 'sim/speed',
    auth: false,
    summary: 'Simulated seconds per real second (1 to 60)',
    payload: empty,
    answer: z.object({ speed: z.number().int().min(1).max(60) }),
  }),
  'sim/set_speed': call({
    method: 'POST',
    path: 'sim/set_speed',
    auth: false,
    summary: 'Set the simulation speed: a whole number from 1 to 60, else code 0',
    payload: z.object({ speed: z.number() }),
    answer: z.object({ speed: z.number().int().min(1).max(60) }),
  }),

  // Spot orders
  'tx_in/add': call({
    method: 'POST',
    path: 'tx_in/add',
    auth: true,
    toast: true,
    summary:
      'Place a buy order: type 0 limit (price required), 1 market (price ignored; without type, no ' +
      "price means market). number is cut down to the pair's lot. Locks quote; answers the order " +
      'after matching on arrival, and pushes TX_SUBMIT (and TX_MATCHED to makers it filled)',
    payload: spotOrderPayload,
    answer: spotOrder,
  }),
  'tx_out/add': call({
    method: 'POST',
    path: 'tx_out/add',
    auth: true,
    toast: true,
    summary: 'Place a sell order: as tx_in/add; locks base. Selling on pair 64 is refused',
    payload: spotOrderPayload,
    answer: spotOrder,
  }),
  'tx_in/list': call({
    method: 'GET',
    path: 'tx_in/list',
    auth: true,
    summary: 'My open buy orders, newest first; of one pair, or of every pair without currency_match_id',
    payload: spotListPayload,
    answer: paged(spotOrder),
  }),
  'tx_out/list': call({
    method: 'GET',
    path: 'tx_out/list',
    auth: true,
    summary: 'My open sell orders, newest first; of one pair, or of every pair without currency_match_id',
    payload: spotListPayload,
    answer: paged(spotOrder),
  }),
  'tx_history/list': call({
    method: 'GET',
    path: 'tx_history/list',
    auth: true,
    summary: 'My finished orders (filled or cancelled), latest first; of one pair or of every pair',
    payload: spotListPayload,
    answer: paged(spotOrder),
  }),
  'tx_in/cancel': call({
    method: 'POST',
    path: 'tx_in/cancel',
    auth: true,
    toast: true,
    summary: 'Cancel one of my open buy orders; the rest of its lock returns. Pushes TX_SUBMIT',
    payload: z.object({ id }),
    answer: spotOrder,
  }),
  'tx_out/cancel': call({
    method: 'POST',
    path: 'tx_out/cancel',
    auth: true,
    toast: true,
    summary: 'Cancel one of my open sell orders; the rest of its lock returns. Pushes TX_SUBMIT',
    payload: z.object({ id }),
    answer: spotOrder,
  }),

  // Simulator only: a load generator for the spot screen's frame-time benchmark (bench/ui.ts)
  'sim/bench': call({
    method: 'POST',
    path: 'sim/bench',
    auth: false,
    summary:
      'Simulator only: storm 1 publishes market frames every interval_ms (default 15) instead of ' +
      'every 100 ms, stamping each frame with a sequence number seq; storm 0 returns to normal',
    payload: z.object({
      storm: flag,
      interval_ms: z.number().int().min(5).max(100).optional(),
    }),
    answer: z.object({ storm: flag, interval_ms: z.number().int() }),
  }),

  // Wallet
  'account/list': call({
    method: 'GET',
    path: 'account/list',
    auth: true,
    summary: 'All five account groups',
    payload: empty,
    answer: z.array(e.accountGroup),
  }),
  'account/detail': call({
    method: 'GET',
    path: 'account/detail',
    auth: true,
    summary: 'One balance by currency and account type',
    payload: z.object({
      currency_id: z.coerce.number().int(),
      account_type_id: z.coerce.number().int(),
      id: z.coerce.number().int().optional(),
    }),
    answer: z.object({ balance: decimal, lock_balance: decimal }),
  }),
  'wallet/wallet': call({
    method: 'GET',
    path: 'wallet/wallet',
    auth: true,
    summary: 'Deposit addresses of a currency',
    payload: z.object({ currency_id: z.coerce.number().int() }),
    answer: z.object({
      code: text,
      wallets: z.array(z.object({ address: text, memo: text, chain_protocol: z.object({ code: text }) })),
    }),
  }),
  'account_log/change': accountLogCall('change'),
  'account_log/legal': accountLogCall('legal'),
  'account_log/lever': accountLogCall('lever'),
  'account_log/micro': accountLogCall('micro'),
  'account_log/financial': accountLogCall('financial'),
  'block_chain/currency_protocols': call({
    method: 'GET',
    path: 'block_chain/currency_protocols',
    auth: true,
    summary: 'Chain protocols per currency',
    payload: empty,
    answer: z.array(
      z.object({ id, currency_id: id, chain_protocol: z.object({ code: text }), token_address: text }),
    ),
  }),
  'account/draw': call({
    method: 'POST',
    path: 'account/draw',
    auth: true,
    toast: true,
    summary: 'Withdraw to a bound address',
    payload: z.object({
      currency_id: id,
      number: decimal,
      address: text,
      pay_password: text,
      memo: text.optional(),
      currency_protocol_id: id.optional(),
    }),
    answer: ok,
  }),
  'account/convert': call({
    method: 'POST',
    path: 'account/convert',
    auth: true,
    toast: true,
    summary: 'Convert a currency',
    payload: z.object({ currency_id: id, number: decimal, currency_protocol_id: id.optional() }),
    answer: ok,
  }),
  'account/transfer': call({
    method: 'POST',
    path: 'account/transfer',
    auth: true,
    toast: true,
    summary: 'Move funds between two accounts',
    payload: z.object({ currency_id: id, balance: decimal, from: accountCode, to: accountCode }),
    answer: ok,
  }),
  'wallet/createPayOrder': call({
    method: 'POST',
    path: 'wallet/createPayOrder',
    auth: true,
    toast: true,
    summary: 'Record a deposit from a wallet',
    payload: z.object({ walletAddress: text, in_address: text, currency_id: id }),
    answer: ok,
  }),

  // Lever
  'lever/submit': call({
    method: 'POST',
    path: 'lever/submit',
    auth: true,
    toast: true,
    summary: 'Open a long or short position',
    payload: z.object({
      share: z.coerce.number().int().positive(),
      multiple: z.coerce.number().int().positive(),
      currency_match_id: id,
      type: z.union([z.literal(1), z.literal(2)]),
      status: z.union([z.literal(0), z.literal(1)]),
      target_price: decimal.optional(),
      password: text.optional(),
    }),
    answer: ok,
  }),
  'lever/cancel': call({
    method: 'POST',
    path: 'lever/cancel',
    auth: true,
    toast: true,
    summary: 'Cancel a pending lever order',
    payload: z.object({ id }),
    answer: ok,
  }),
  'lever/close': call({
    method: 'POST',
    path: 'lever/close',
    auth: true,
    toast: true,
    summary: 'Close a position',
    payload: z.object({ id }),
    answer: ok,
  }),
  'lever/setstop': call({
    method: 'POST',
    path: 'lever/setstop',
    auth: true,
    toast: true,
    summary: 'Set take-profit and stop-loss',
    payload: z.object({ id, target_profit_price: decimal, stop_loss_price: decimal }),
    answer: ok,
  }),
  'lever/deal': call({
    method: 'POST',
    path: 'lever/deal',
    auth: true,
    summary: 'Lever balance, multiples and my positions on a pair',
    payload: z.object({ currency_match_id: id }),
    answer: z.object({
      my_transaction: z.array(e.leverPosition),
      user_lever: decimal,
      multiple: z.object({ muit: z.array(z.object({ value: z.number().int() })) }),
    }),
  }),
  'lever/dealall': call({
    method: 'POST',
    path: 'lever/dealall',
    auth: true,
    summary: 'Pending lever orders on a pair',
    payload: z.object({ currency_match_id: id, page }),
    answer: z.object({
      order: z.object({
        data: z.array(e.leverPosition),
        total: z.number().int(),
        per_page: z.number().int(),
      }),
      hazard_rate: decimal,
      profits_all: decimal,
    }),
  }),
  'lever/my_trade': call({
    method: 'POST',
    path: 'lever/my_trade',
    auth: true,
    summary: 'My lever trades by status',
    payload: z.object({ status: z.coerce.number().int(), page }),
    answer: z.object({ data: z.array(e.leverPosition), total: z.number().int(), per_page: z.number().int() }),
  }),
  'lever/batch_close': call({
    method: 'POST',
    path: 'lever/batch_close',
    auth: true,
    toast: true,
    summary: 'Close all (0), longs (1) or shorts (2)',
    payload: z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), currency_match_id: id }),
    answer: ok,
  }),

  // Micro and earnings
  'microtrade/payable_currencies': call({
    method: 'GET',
    path: 'microtrade/payable_currencies',
    auth: true,
    summary: 'Currencies a contract can be paid in',
    payload: empty,
    answer: z.array(
      z.object({
        id,
        code: text,
        micro_account: z.object({ balance: decimal }),
        micro_numbers: z.array(z.object({ number: decimal })),
      }),
    ),
  }),
  'microtrade/seconds': call({
    method: 'GET',
    path: 'microtrade/seconds',
    auth: true,
    summary: 'Durations and their profit ratios',
    payload: empty,
    answer: z.array(z.object({ seconds: z.number().int(), profit_ratio: decimal })),
  }),
  'microtrade/lists': call({
    method: 'GET',
    path: 'microtrade/lists',
    auth: true,
    summary: 'My contracts by status',
    payload: z.object({
      match_id: z.coerce.number().int(),
      page,
      limit: z.coerce.number().int().default(10),
      status: z.coerce.number().int(),
    }),
    answer: paged(e.microOrder),
  }),
  'microtrade/submit': call({
    method: 'POST',
    path: 'microtrade/submit',
    auth: true,
    toast: true,
    summary: 'Buy an up or down contract',
    payload: z.object({
      match_id: id,
      currency_id: id,
      type: z.union([z.literal(1), z.literal(2)]),
      seconds: z.number().int(),
      number: decimal,
    }),
    answer: e.microOrder,
  }),
  'ieo/list': call({
    method: 'GET',
    path: 'ieo/list',
    auth: false,
    summary: 'Earnings products',
    payload: z.object({ limit: z.coerce.number().int().default(30) }),
    answer: z.object({ data: z.array(e.earningsProduct) }),
  }),
  'ieo/addIeo': call({
    method: 'POST',
    path: 'ieo/addIeo',
    auth: true,
    toast: true,
    summary: 'Buy an earnings product',
    payload: z.object({ id, number: decimal.optional() }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;

export type Catalogue = typeof catalogue;
export type CallName = keyof Catalogue;
export type PayloadOf<N extends CallName> = z.input<Catalogue[N]['payload']>;
export type AnswerOf<N extends CallName> = z.output<Catalogue[N]['answer']>;

export const callNames = Object.keys(catalogue) as CallName[];

/** Looks a call up by its path (the sim worker routes with it). */
export function callByPath(path: string): CallSpec | undefined {
  return (catalogue as Record<string, CallSpec>)[path];
}
