import { z } from 'zod';
import * as e from '../entities.ts';
import { empty, id, text } from '../fields.ts';
import { call, ok, outboxKey, type CallSpec } from './kit.ts';
import {
  CODE_PURPOSE_FORGOT_PASSWORD,
  CODE_PURPOSE_LOGIN,
  CODE_PURPOSE_PAY_PASSWORD,
  CODE_PURPOSE_REGISTER,
} from '../../domain/contract-codes.ts';

/** What a code is for (spec §7); binding an e-mail (sms_mail) has its own call. */
const codeType = z.union([
  z.literal(CODE_PURPOSE_REGISTER),
  z.literal(CODE_PURPOSE_FORGOT_PASSWORD),
  z.literal(CODE_PURPOSE_PAY_PASSWORD),
  z.literal(CODE_PURPOSE_LOGIN),
]);

/** Public settings, countries, and sending verification codes. */
export const generalCalls = {
  'default/area_list': call({
    method: 'GET',
    path: 'default/area_list',
    auth: false,
    summary:
      "Countries with dial codes and their fiat currency (currency, currency_symbol, code = the country's " +
      'ISO 3166-1 alpha-2 code, decimal = minor-unit places)',
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
} satisfies Record<string, CallSpec>;
