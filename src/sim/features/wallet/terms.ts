import { currencyByCode } from '../../market/currencies.ts';

/**
 * The simulated exchange's wallet terms per currency (spec §3 currency: open_recharge, open_draw,
 * draw_rate, draw_min, draw_max, currency_protocols). The spec shows no values: these are Tessera's,
 * close to what real exchanges charge. BIB has deposits and withdrawals closed, so the greyed-out
 * rule of spec §5 can be seen.
 */
export interface ChainTerms {
  /** currency_protocol_id. */
  readonly id: number;
  /** chain_protocol.code. */
  readonly code: string;
  /** Whether the chain needs a memo (tag) besides the address. */
  readonly memo: boolean;
  /** Simulated ms between confirmations. */
  readonly confirmEveryMs: number;
}

export interface CurrencyTerms {
  readonly code: string;
  readonly openRecharge: boolean;
  readonly openDraw: boolean;
  /** Withdrawal fee, percent of the amount. */
  readonly drawRate: string;
  readonly drawMin: string;
  readonly drawMax: string;
  /** Deposits below this are recorded, never credited (spec §9). */
  readonly depositMin: string;
  readonly chains: readonly ChainTerms[];
}

const TRC20 = { code: 'TRC20', memo: false, confirmEveryMs: 10_000 };
const ERC20 = { code: 'ERC20', memo: false, confirmEveryMs: 15_000 };

const TERMS: readonly CurrencyTerms[] = [
  {
    code: 'USDT',
    openRecharge: true,
    openDraw: true,
    drawRate: '0.5',
    drawMin: '10',
    drawMax: '50000',
    depositMin: '1',
    chains: [
      { id: 1, ...TRC20 },
      { id: 2, ...ERC20 },
    ],
  },
  {
    code: 'BTC',
    openRecharge: true,
    openDraw: true,
    drawRate: '0.1',
    drawMin: '0.001',
    drawMax: '10',
    depositMin: '0.0001',
    chains: [{ id: 3, code: 'BTC', memo: false, confirmEveryMs: 60_000 }],
  },
  {
    code: 'ETH',
    openRecharge: true,
    openDraw: true,
    drawRate: '0.2',
    drawMin: '0.01',
    drawMax: '200',
    depositMin: '0.001',
    chains: [{ id: 4, ...ERC20 }],
  },
  single('TRX', 5, { ...TRC20 }, '10', '1'),
  single('DOT', 6, { code: 'DOT', memo: false, confirmEveryMs: 12_000 }, '1', '0.1'),
  {
    code: 'BIB',
    openRecharge: false,
    openDraw: false,
    drawRate: '1',
    drawMin: '100',
    drawMax: '100000',
    depositMin: '10',
    chains: [{ id: 7, ...ERC20 }],
  },
  single('LTC', 8, { code: 'LTC', memo: false, confirmEveryMs: 30_000 }, '0.01', '0.001'),
  single('XRP', 9, { code: 'XRP', memo: true, confirmEveryMs: 5_000 }, '20', '1'),
  single('BCH', 10, { code: 'BCH', memo: false, confirmEveryMs: 60_000 }, '0.01', '0.001'),
  single('LINK', 11, { ...ERC20 }, '1', '0.1'),
  single('DOGE', 12, { code: 'DOGE', memo: false, confirmEveryMs: 20_000 }, '50', '5'),
];

function single(
  code: string,
  id: number,
  chain: Omit<ChainTerms, 'id'>,
  drawMin: string,
  depositMin: string,
): CurrencyTerms {
  return {
    code,
    openRecharge: true,
    openDraw: true,
    drawRate: '0.5',
    drawMin,
    drawMax: '1000000',
    depositMin,
    chains: [{ id, ...chain }],
  };
}

const byCurrencyId = new Map(TERMS.map((terms) => [currencyByCode(terms.code).id, terms]));

export function termsOf(currencyId: number): CurrencyTerms | undefined {
  return byCurrencyId.get(currencyId);
}

/** A currency's chain by its protocol id; the first chain when no id is given. */
export function chainOf(terms: CurrencyTerms, protocolId: number | undefined): ChainTerms | undefined {
  return protocolId === undefined ? terms.chains[0] : terms.chains.find((chain) => chain.id === protocolId);
}

/** How long a withdrawal stays in review, then in broadcast before it is confirmed (simulated ms). */
export const WITHDRAWAL_REVIEW_MS = 60_000;
export const WITHDRAWAL_BROADCAST_MS = 30_000;
/** A conversion quote holds this long in the user's own time (scaled by the simulator's speed). */
export const QUOTE_TTL_REAL_MS = 10_000;
