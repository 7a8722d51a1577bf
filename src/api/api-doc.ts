import { z } from 'zod';
import { catalogue, type CallSpec } from './catalogue.ts';
import { FAMILY_MEANINGS } from './family-meanings.ts';
import { ORDER_FILTERS } from './order-filters-doc.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  /** fields.ts tags its shared kinds (`.meta({ kind })`), whose transforms JSON Schema cannot show. */
  kind?: string;
};

type Io = 'input' | 'output';

/** How a tagged field kind reads: what a payload may send (input), what the client hands on (output). */
const KINDS: Record<string, Record<Io, string>> = {
  id: { input: 'integer \\| integer string', output: 'integer' },
  decimal: { input: 'decimal string \\| number', output: 'decimal string' },
  time: { input: '"YYYY-MM-DD HH:mm:ss" \\| epoch ms', output: '"YYYY-MM-DD HH:mm:ss" (UTC)' },
};

function typeOf(schema: JsonSchema | undefined, depth = 0, io: Io = 'output'): string {
  if (!schema) return 'any';
  const kind = schema.kind === undefined ? undefined : KINDS[schema.kind];
  if (kind) return kind[io];
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (schema.anyOf) return [...new Set(schema.anyOf.map((part) => typeOf(part, depth, io)))].join(' \\| ');
  if (schema.pattern && schema.type === 'string') return 'decimal string';
  if (schema.type === 'array') return `${typeOf(schema.items, depth, io)}[]`;
  if (schema.type === 'object' && schema.properties && Object.keys(schema.properties).length > 0) {
    if (depth >= 1) return 'object';
    const fields = Object.entries(schema.properties).map(
      ([name, field]) =>
        `${name}${schema.required?.includes(name) ? '' : '?'}: ${typeOf(field, depth + 1, io)}`,
    );
    return `{ ${fields.join(', ')} }`;
  }
  return Array.isArray(schema.type) ? schema.type.join(' \\| ') : (schema.type ?? 'any');
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function payloadRows(spec: CallSpec): string {
  const schema = jsonSchema(spec.payload, 'input');
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return 'none';
  return entries
    .map(
      ([name, field]) =>
        `\`${name}\`${schema.required?.includes(name) ? '' : '?'}: ${typeOf(field, 1, 'input')}`,
    )
    .join('<br>');
}

/**
 * The wire dialect of this product family's real servers and clients,
 * which Tessera speaks in both directions (DESIGN.md "Real servers and clients of this family").
 */
const DIALECT = [
  "## The family's dialect",
  '',
  "The servers this spec was written from, and their clients, speak a looser dialect than the tables below. Tessera's",
  'client reads every variant listed here, and its server answers the way those servers do, so their clients work on it.',
  '',
  "What Tessera's client accepts in an answer (anything else is still refused as malformed):",
  '',
  '- `code`: an integer, or the same integer as a string of digits (`1`, `"999"`, `"996"`, `"0"`). `true`, `null`, `"1.0"`,',
  '  `" 1"`, `""` or `1.5` are not codes: the body is not an envelope.',
  '- money and quantities (`decimal string` below): a decimal string or a JSON number, handed on as plain decimal text',
  '  (`1e-7` becomes `"0.0000001"`).',
  '- ids (`integer` ids below): a JSON integer or the same integer as a string of digits (`"42"`), handed on as the number.',
  '- empty `data`: `[]`, `{}`, `null` and a missing `data` all mean nothing, and read as the first of `null`, `[]`, `{}`',
  "  the call's answer accepts (no object, an empty list, an empty result). Data that is not empty is read as it is.",
  '- order times: `"YYYY-MM-DD HH:mm:ss"` (read as UTC) or epoch ms; an impossible date (`2026-02-30`) is refused.',
  '- `DAY_MARKET`: the pair id beside the quotation, inside it as `currency_match_id`, or inside it as `id`.',
  '- socket: `{"type":"login_result","code":...}` and `{"type":"sub_result","msg":"..."}` are acknowledgements no',
  '  channel owns, and are ignored; a server that never answers a ping with a pong is fine (the client pings',
  '  `{"type":"ping"}` every 5 s and reconnects only when the socket drops or closes).',
  '',
  "What Tessera's server accepts and answers (the family's clients rely on it):",
  '',
  '- success is the number `1`; session expiry and "ignore" are the strings `"999"` and `"996"` (the clients compare',
  '  `code === "999"`).',
  '- query keys and body fields a call does not define are ignored (every GET carries a cache-buster `t=<ms>`).',
  '- `user/login` and `user/register` may come form-urlencoded: numbers as strings of digits, and optional fields left',
  '  empty (`area_id=`, `country_code=`, `invite_code=`) read as absent.',
  '- `user/login` answers the token itself as `data`; `uid` and `is_seller` come from `user/info`.',
  '- `market/kline` with only `currency_match_id` and `period` answers the latest 360 bars (fewer when the pair has',
  '  less history).',
  '- `tx_in/cancel` and `tx_out/cancel` are served as POST and as GET `?id=` (shown as "POST or GET" below).',
  '- spot order rows carry `created_at` and `updated_at` as `"YYYY-MM-DD HH:mm:ss"` (UTC) strings (Tessera\'s client',
  '  reads epoch ms too); pairs carry `change_fee_rate` (the spot fee of what an order receives, in percent); the',
  "  `DAY_MARKET` quotation carries the pair's id as `id`; `GLOBAL_TX` trades carry `timestamp` (unix seconds) beside",
  '  `time` (ms).',
  '- socket: a `login` is answered `{"type":"login_result","code":1}` (`"999"`, then `session_ended`, when the token',
  '  names no live session; `0` without a token); a `sub` is answered `{"type":"sub_result","msg":"ok"}` (or',
  '  `"unknown channel"` / `"too many channels"`, never repeating the name); a ping may be `{"type":"ping"}` or the bare',
  '  text `ping`.',
  '- calls outside the contract (`v1/api/forex/trade_list`, say) answer a code-0 envelope ("Unknown call"); over HTTP',
  '  (`npm run server`) a path outside `/api/` answers 404 with a code-0 envelope, and a socket opened anywhere but',
  '  `/ws` (`/v1/ws`, say) is refused with 404.',
  '',
];

/**
 * The readable contract, generated from the catalogue so the two cannot drift apart
 * (tests/unit/api/api-doc.test.ts fails when docs/api.md is stale; `npm run docs:api` rewrites it).
 */
export function renderApiDoc(): string {
  const lines = [
    '# Tessera API contract',
    '',
    '<!-- Generated from src/api/catalogue.ts by `npm run docs:api`. Do not edit by hand. -->',
    '',
    'Every call goes to `/api/<path>` with the headers `lang` (language code) and `authorization` (the raw',
    'token, empty when signed out); timeout 20 s. GET payloads travel as query parameters, POST payloads as a',
    'JSON body (multipart for file uploads). Every answer is an envelope `{ code, msg, data }`:',
    '',
    '| code | meaning | the app does |',
    '| --- | --- | --- |',
    '| `1` (the number) | success | uses `data` (validated against the answer schema below); toasts `msg` when the call is marked toast |',
    '| `0` | refused | shows `msg` as an error; nothing changed on the server |',
    '| `"999"` (a string) | session expired | clears the token; "login timeout, please log in again" if one existed; goes to /login with the return page |',
    '| `"996"` (a string) | ignored | nothing |',
    '| network or 5xx | failure | "server error, please try again later" |',
    '',
    'Money and quantities are decimal strings; ids and enums are numbers. Paged lists answer',
    '`{ current_page, data: [...], last_page, per_page, total }`.',
    '',
    'Exactly once: every POST call carries a request id the client generates (a UUID; `x-request-id` over',
    "http, `requestId` of the request over the simulator's postMessage wire). The server records the id with",
    "the call's answer (in the same commit as the command's events where the call stores one), so the same",
    "request sent again, after a retry or a change of the simulator's leader tab, runs at most once and is",
    "answered with its original answer. Ids are scoped to the caller's token; refusals are not recorded.",
    '',
    ...ORDER_FILTERS,
    ...DIALECT,
    ...FAMILY_MEANINGS,
    '',
    '## Calls',
    '',
    '| method | path | auth | toast | payload | answer | summary |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const spec of Object.values(catalogue) as CallSpec[]) {
    const answer = typeOf(jsonSchema(spec.answer, 'output'));
    const method = spec.alsoGet ? `${spec.method} or GET` : spec.method;
    lines.push(
      `| ${method} | \`${spec.path}\` | ${spec.auth ? 'token' : '-'} | ${spec.toast ? 'yes' : '-'} | ${payloadRows(spec)} | ${answer} | ${spec.summary} |`,
    );
  }
  lines.push(
    '',
    '## Socket',
    '',
    'JSON text frames. Client to server: `{"type":"login","params":"<token>"}`, `{"type":"sub","params":"MARKET_DEPTH.BTC/USDT"}`,',
    '`{"type":"unsub","params":"..."}`, `{"type":"ping"}` every 5 s; the client reconnects 30 s after a drop or a close and',
    'resubscribes its live channels. Server to client: a flat object whose `type` is the channel base name.',
    '',
    '| channel | frame |',
    '| --- | --- |',
    '| `DAY_MARKET` | `{ type, currency_match_id, symbol, quotation: { close, change, high, low, volume } }` |',
    '| `MARKET_DEPTH.{symbol}` | `{ type, symbol, currency_match_id, depth: { in: bids[], out: asks[] } }` with `{ index, price, number, amount, total }` rows (`amount` = `number`, the quantity; `total` its quote value) |',
    '| `GLOBAL_TX.{symbol}` | `{ type, symbol, currency_match_id, completes: [{ time, price, number, amount, way }] }` (way 2 = buy; `amount` = `number`, the quantity) |',
    "| `KLINE.{symbol}.{period}` | `{ type, symbol, currency_match_id, kline: { time, open, high, low, close, volume, period } }`, the bars of that period only (`KLINE.BTC/USDT.5min`; periods as `market/kline`'s) |",
    "| `KLINE.{symbol}` | the same frames of the 1-minute bars only (the family's clients chart whatever this channel carries, without reading `kline.period`) |",
    "| `TX_SUBMIT`, `TX_MATCHED` | private: the owner's spot orders |",
    "| `LEVER_TRADE` | private: `{ type, currency_match_id, currency_id, currency_code, hazard_rate, profits_all, caution_money_all, origin_caution_money_all, trades_all: position[] }`, the owner's lever account of one quote currency with its open positions and live PnL, every second and after every change; one copy for each pair the owner holds positions in, tagged with its `currency_match_id` and alike otherwise |",
    '| `LEVER_CLOSED` | private: `{ type, id: number[], ids: number[], trades: position[] }` (`id` and `ids` the same list), positions closed (`close_reason` 1 user, 2 liquidation, 3 take-profit, 4 stop-loss, with `close_trade`) or orders cancelled |',
    '| `MICRO_CLOSED` | private: a settled micro contract |',
    "| `OTC_ORDER` | private, to the order's two parties only: `{ type, id, status, side }`, a P2P order changed (reload it with otc/order) |",
    "| `PRICE_ALERT` | private: `{ type, alert }`, one of the owner's price alerts fired (`alert` as alert/list answers it, with the trade that fired it) |",
    '| `session_ended` (no channel) | `{ type: "session_ended" }`: the session this socket logged in with is over (logout, a password change, expiry) or its `login` named no live session; from then on the socket gets no private frames; the client goes to login |',
    '| `SIM_CLOCK` | simulator only: `{ type, speed, now, chosen, paused }`: how fast simulated time runs now (0 while paused), simulated time (ms), the speed chosen and whether the clock is paused (0/1); pushed when any tab changes the speed, the pause or the market source, and about once a second |',
    '',
    'The separate address-binding service of spec §7 (GetDrawAddress, SendVerificationcode, BindDrawAddress) is not',
    'part of this API.',
    '',
  );
  return lines.join('\n');
}
