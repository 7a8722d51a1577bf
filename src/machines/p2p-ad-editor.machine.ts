import { assign, emit, fromPromise, setup } from 'xstate';
import { readAdForm, type AdField, type AdForm, type AdFormProblem } from '../domain/p2p/ad-entry.ts';
import { FIAT_DECIMALS, P2P_COINS, type P2pCoin } from '../domain/p2p/amounts.ts';
import { p2pPriceBandBounds, p2pPriceBandVerdict, referenceOfText } from '../domain/p2p/price-band.ts';
import { exactScaled } from '../domain/money.ts';
import { readNumberEntry } from '../domain/number-entry.ts';
import { OTC_AD_SELL, type OtcAdType } from '../domain/contract-codes.ts';

export interface AdEditorForm extends AdForm {
  type: OtcAdType;
  coin: P2pCoin;
  fiat: string;
}

export interface AdEditorContext {
  /** null: a new ad; otherwise the ad being edited (its type, coin, fiat and total are fixed). */
  adId: number | null;
  form: AdEditorForm;
  problem: { field: AdField; problem: AdFormProblem } | null;
  decimalComma: boolean;
  /** Each coin's market reference in each fiat (exact decimal text), as otc/my_ads answers it. */
  references: AdReferences;
}

/** coin -> fiat -> the market reference as exact decimal text ("6.80"). */
export type AdReferences = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A fixed price outside the band the server enforces: where it lies, and the band's bounds (cents). */
export interface AdPriceWarning {
  verdict: 'below' | 'above';
  low: bigint;
  high: bigint;
}

export type AdEditorEvent =
  | { type: 'SET'; field: 'price' | 'margin' | 'total' | 'min' | 'max' | 'remarks' | 'fiat'; value: string }
  /** Fixed price or floating at a margin over the market. */
  | { type: 'SET_FLOATING'; value: boolean }
  | { type: 'SET_TYPE'; value: OtcAdType }
  | { type: 'SET_COIN'; value: P2pCoin }
  | { type: 'SET_PAY_LIMIT'; value: number }
  | { type: 'TOGGLE_METHOD'; method: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The market references moved (a reload of otc/my_ads). */
  | { type: 'REFERENCES'; value: AdReferences };

export type AdEditorEmitted = { type: 'saved'; adId: number };

export interface AdSave {
  adId: number | null;
  type: OtcAdType;
  coin: string;
  fiat: string;
  total: string;
  price: string;
  /** '' for a fixed price; the margin percent ("1.50") for a floating one. */
  float_margin: string;
  min: string;
  max: string;
  pay_methods: string[];
  pay_limit: number;
  remarks: string;
}

export const EMPTY_AD_FORM: AdEditorForm = {
  type: OTC_AD_SELL,
  coin: 'USDT',
  fiat: 'CNY',
  price: '',
  floating: false,
  margin: '',
  total: '',
  min: '',
  max: '',
  payMethods: [],
  payLimitMinutes: 15,
  remarks: '',
};

/**
 * The warning beside a fixed price, as the user types: the same band the server refuses an ad
 * outside of (domain/p2p/price-band.ts), around the reference of the form's coin and fiat. Nothing
 * while the price is floating, unreadable or the reference unknown; the ad can still be sent.
 */
export function adPriceWarning(context: AdEditorContext): AdPriceWarning | null {
  const { form } = context;
  if (form.floating) return null;
  const text = context.references[form.coin]?.[form.fiat];
  const reference = text === undefined ? null : referenceOfText(text);
  if (reference === null || reference.num <= 0n) return null;
  const entry = readNumberEntry(form.price, {
    maxDecimals: FIAT_DECIMALS,
    decimalComma: context.decimalComma,
  });
  if (entry.kind !== 'number') return null;
  const cents = exactScaled(entry.value, FIAT_DECIMALS);
  if (cents === null || cents <= 0n) return null;
  const verdict = p2pPriceBandVerdict(cents, reference);
  if (verdict === 'inside') return null;
  return { verdict, ...p2pPriceBandBounds(reference) };
}

function read(context: AdEditorContext) {
  return readAdForm(context.form, P2P_COINS[context.form.coin], context.decimalComma, context.adId === null);
}

/**
 * Publishing or editing an ad (merchant shop): the form is read with the same rules the
 * simulator applies (domain/p2p/ad-entry.ts: numbers in the user's decimal separator, max not below
 * min, the total covering one minimum order, at least one pay method, 15 or 30 minutes). SUBMIT
 * names the first wrong field and sends nothing; a valid form asks for confirmation, then saves.
 */
export const p2pAdEditorMachine = setup({
  types: {
    context: {} as AdEditorContext,
    events: {} as AdEditorEvent,
    input: {} as {
      decimalComma: boolean;
      adId?: number | null;
      form?: AdEditorForm;
      references?: AdReferences;
    },
    emitted: {} as AdEditorEmitted,
  },
  actors: {
    save: fromPromise<{ id: number }, AdSave>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  guards: {
    valid: ({ context }) => read(context).ok,
  },
}).createMachine({
  id: 'p2pAdEditor',
  context: ({ input }) => ({
    adId: input.adId ?? null,
    form: input.form ?? EMPTY_AD_FORM,
    problem: null,
    decimalComma: input.decimalComma,
    references: input.references ?? {},
  }),
  on: {
    REFERENCES: { actions: assign({ references: ({ event }) => event.value }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET: {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, [event.field]: event.value },
            problem: context.problem?.field === event.field ? null : context.problem,
          })),
        },
        // Type, coin and fiat are the ad's identity: fixed once it is published.
        SET_TYPE: {
          guard: ({ context }) => context.adId === null,
          actions: assign(({ context, event }) => ({ form: { ...context.form, type: event.value } })),
        },
        SET_COIN: {
          guard: ({ context }) => context.adId === null,
          actions: assign(({ context, event }) => ({ form: { ...context.form, coin: event.value } })),
        },
        SET_FLOATING: {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, floating: event.value },
            problem:
              context.problem?.field === 'price' || context.problem?.field === 'margin'
                ? null
                : context.problem,
          })),
        },
        SET_PAY_LIMIT: {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, payLimitMinutes: event.value },
          })),
        },
        TOGGLE_METHOD: {
          actions: assign(({ context, event }) => {
            const has = context.form.payMethods.includes(event.method);
            const payMethods = has
              ? context.form.payMethods.filter((method) => method !== event.method)
              : [...context.form.payMethods, event.method];
            return { form: { ...context.form, payMethods }, problem: null };
          }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'confirming', actions: assign({ problem: null }) },
          {
            actions: assign(({ context }) => {
              const reading = read(context);
              return { problem: reading.ok ? null : { field: reading.field, problem: reading.problem } };
            }),
          },
        ],
      },
    },
    confirming: { on: { CONFIRM: 'saving', CANCEL: 'editing' } },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => {
          const reading = read(context);
          const values = reading.ok
            ? reading.values
            : { price: '', floatMargin: '', total: '', min: '', max: '' };
          return {
            adId: context.adId,
            type: context.form.type,
            coin: context.form.coin,
            fiat: context.form.fiat,
            total: values.total,
            price: values.price,
            float_margin: values.floatMargin,
            min: values.min,
            max: values.max,
            pay_methods: [...context.form.payMethods],
            pay_limit: context.form.payLimitMinutes,
            remarks: context.form.remarks.trim(),
          };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign({ adId: ({ event }) => event.output.id }),
            emit(({ event }) => ({ type: 'saved' as const, adId: event.output.id })),
          ],
        },
        onError: 'editing',
      },
    },
    saved: { type: 'final' },
  },
});
