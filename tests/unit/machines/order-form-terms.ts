import type { LeverTerms } from '../../../src/machines/lever-terms.ts';
import type { MicroTerms } from '../../../src/machines/micro-order.machine.ts';

/** The terms the lever and micro order forms load in their tests: one pair, 1,000 USDT to spend. */
export const LEVER_TERMS: LeverTerms = {
  shareNum: '0.01',
  minShare: 1,
  maxShare: 100,
  feeRate: '0.001',
  pointRate: '0.1',
  multiples: [5, 10],
  balance: '1000',
  quoteCode: 'USDT',
  priceDecimals: 2,
  account: null,
};

export const MICRO_TERMS: MicroTerms = {
  currencies: [
    {
      id: 1,
      code: 'USDT',
      micro_account: { balance: '1000.00000000', lock_balance: '0.00000000' },
      micro_numbers: [{ number: '10' }, { number: '50' }],
      micro_min: '1.00000000',
      micro_max: '100000.00000000',
      micro_decimals: 2,
      fee_rate: '0.10',
    },
  ],
  seconds: [
    { seconds: 30, status: 1, profit_ratio: '0.80' },
    { seconds: 60, status: 1, profit_ratio: '0.70' },
  ],
};
