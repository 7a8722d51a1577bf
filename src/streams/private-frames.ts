import { z } from 'zod';
import { alertCalls } from '../api/catalogue/alerts.ts';
import { microCalls } from '../api/catalogue/micro.ts';
import { spotCalls } from '../api/catalogue/spot.ts';
import { id } from '../api/fields.ts';

/**
 * Frame schemas of the owner's private spot and micro pushes (spot-order-pushes.ts,
 * micro-pushes.ts), in their own module so they load with the first stream that decodes them
 * rather than at start-up.
 */
export const spotOrderFrame = z.object({
  type: z.enum(['TX_SUBMIT', 'TX_MATCHED']),
  currency_match_id: id,
  order: spotCalls['tx_in/add'].answer,
});

export const microClosedFrame = z.object({
  type: z.literal('MICRO_CLOSED'),
  order: microCalls['microtrade/submit'].answer,
});

export const priceAlertFrame = z.object({
  type: z.literal('PRICE_ALERT'),
  alert: alertCalls['alert/add'].answer,
});
