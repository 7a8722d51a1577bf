import { P2P_COINS, P2P_FIATS, type P2pCoin, type P2pFiat } from '../../../domain/p2p/amounts.ts';
import { UNIT } from '../../../domain/wallet/amounts.ts';
import type { P2pAd, SimMerchant } from './state.ts';

/**
 * The demo's P2P market on its first start: six simulated merchants with seeded histories, ads on
 * both sides for every coin and fiat, priced around the market (the coin's last USDT price x a fixed
 * fiat rate), and the demo account (a seller) with a sell and a buy ad of its own. Their coins come
 * from the grants book, so the ledger balances.
 */
export const SIM_MERCHANT_IDS = [101, 102, 103, 104, 105, 106] as const;
const NAMES = [
  'Jade Harbor OTC',
  'Northwind Trade',
  'Lotus Exchange',
  'Blue Koi',
  'Sakura Desk',
  'Atlas P2P',
];
const BANKS = [
  'Harbor Bank',
  'Union Commerce Bank',
  'First Lotus Bank',
  'Koi Savings',
  'Sakura Trust',
  'Atlas Bank',
];

/** Fiat per US dollar (spec §9 uses 6.8 for CNY). */
export const FIAT_PER_USD: Record<P2pFiat, { num: bigint; den: bigint }> = {
  CNY: { num: 68n, den: 10n },
  USD: { num: 1n, den: 1n },
  EUR: { num: 92n, den: 100n },
};

const DAY = 86_400_000;

function merchants(at: number): SimMerchant[] {
  return SIM_MERCHANT_IDS.map((id, index) => ({
    id,
    name: NAMES[index] ?? `Merchant ${id}`,
    registeredAt: at - (400 + index * 97) * DAY,
    pastOrders: 1200 + index * 731,
    pastCompleted: Math.round((1200 + index * 731) * (0.992 - index * 0.007)),
    pastReleaseMs: (70 + index * 35) * 1000,
    payDetails: {
      bank: {
        real_name: NAMES[index] ?? '',
        account: '',
        bank_name: BANKS[index] ?? 'Bank',
        card_no: `6222 0${index}10 8842 ${String(1000 + id * 7).slice(-4)}`,
        bank_address: 'Head office',
      },
      alipay: {
        real_name: NAMES[index] ?? '',
        account: `pay${id}@example.com`,
        bank_name: '',
        card_no: '',
        bank_address: '',
      },
      wxpay: {
        real_name: NAMES[index] ?? '',
        account: `wx_merchant_${id}`,
        bank_name: '',
        card_no: '',
        bank_address: '',
      },
    },
  }));
}

/** Price cents of a coin in a fiat at `bps` over (positive) or under (negative) the reference. */
function priceCents(usdCents: bigint, fiat: P2pFiat, bps: number): bigint {
  const rate = FIAT_PER_USD[fiat];
  const cents = (usdCents * rate.num * BigInt(10_000 + bps)) / (rate.den * 10_000n);
  return cents > 0n ? cents : 1n;
}

function fiatCents(usd: number, fiat: P2pFiat): bigint {
  const rate = FIAT_PER_USD[fiat];
  return (BigInt(usd) * 100n * rate.num) / rate.den;
}

const TOTALS: Record<P2pCoin, readonly bigint[]> = {
  USDT: [40_000n * UNIT, 25_000n * UNIT, 12_000n * UNIT, 8_000n * UNIT],
  BTC: [3n * UNIT, UNIT + UNIT / 2n, UNIT, UNIT / 2n],
  ETH: [60n * UNIT, 35n * UNIT, 20n * UNIT, 10n * UNIT],
};
const METHOD_SETS = [['bank', 'alipay'], ['bank'], ['alipay', 'wxpay'], ['bank', 'wxpay', 'alipay']];
const MIN_USD = [15, 50, 100, 200];
const MAX_USD = [5000, 3000, 10000, 2000];

export interface P2pSeed {
  merchants: SimMerchant[];
  ads: P2pAd[];
  grants: Array<{ userId: number; currencyId: number; units: bigint }>;
}

/**
 * Builds the seed. `usdCents` is each coin's price in US cents now; `currencyIds` the ledger's ids;
 * `demoUserId` the demo account (null when there is none).
 */
export function buildSeed(
  at: number,
  usdCents: Record<P2pCoin, bigint>,
  currencyIds: Record<P2pCoin, number>,
  demoUserId: number | null,
): P2pSeed {
  const ads: P2pAd[] = [];
  const need = new Map<string, bigint>();
  let nextId = 1;
  const add = (ad: Omit<P2pAd, 'id' | 'leftUnits' | 'status' | 'createdAt' | 'updatedAt'>) => {
    ads.push({ ...ad, id: nextId++, leftUnits: ad.totalUnits, status: 'open', createdAt: at, updatedAt: at });
    if (ad.side === 'sell') {
      const key = `${ad.ownerId}:${ad.currencyId}`;
      need.set(key, (need.get(key) ?? 0n) + ad.totalUnits);
    }
  };
  let turn = 0;
  for (const coin of Object.keys(P2P_COINS) as P2pCoin[]) {
    for (const fiat of P2P_FIATS) {
      for (const side of ['sell', 'buy'] as const) {
        const count = coin === 'USDT' ? 4 : 2;
        for (let i = 0; i < count; i++) {
          turn++;
          const ownerId = SIM_MERCHANT_IDS[turn % SIM_MERCHANT_IDS.length] ?? 101;
          const bps = (side === 'sell' ? 1 : -1) * (40 + i * 35 + (turn % 3) * 10);
          add({
            ownerId,
            side,
            coin,
            currencyId: currencyIds[coin],
            fiat,
            totalUnits: TOTALS[coin][i % 4] ?? UNIT,
            priceCents: priceCents(usdCents[coin], fiat, bps),
            minCents: fiatCents(MIN_USD[i % 4] ?? 15, fiat),
            maxCents: fiatCents(MAX_USD[i % 4] ?? 5000, fiat),
            payMethods: [...(METHOD_SETS[turn % METHOD_SETS.length] ?? ['bank'])],
            payLimitMinutes: i % 2 === 0 ? 15 : 30,
            remarks: '',
          });
        }
      }
    }
  }
  if (demoUserId !== null) {
    // The demo merchant: the hall's best USDT/CNY prices, so a buyer finds it first.
    for (const side of ['sell', 'buy'] as const) {
      add({
        ownerId: demoUserId,
        side,
        coin: 'USDT',
        currencyId: currencyIds.USDT,
        fiat: 'CNY',
        totalUnits: 1_000n * UNIT,
        priceCents: priceCents(usdCents.USDT, 'CNY', side === 'sell' ? 20 : -20),
        minCents: 100_00n,
        maxCents: 5_000_00n,
        payMethods: ['bank'],
        payLimitMinutes: 15,
        remarks: 'Demo merchant: bank transfer only, reference required.',
      });
    }
  }
  const grants: P2pSeed['grants'] = [];
  for (const [key, units] of need) {
    const [userId, currencyId] = key.split(':').map(Number) as [number, number];
    // Merchants keep a cushion above their ads; the demo account gets its ad's total and 1 000 more.
    const extra = userId === demoUserId ? 1_000n * UNIT : units / 5n;
    grants.push({ userId, currencyId, units: units + extra });
  }
  return { merchants: merchants(at), ads, grants };
}
