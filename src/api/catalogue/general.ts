import { z } from 'zod';
import * as e from '../entities.ts';
import { empty, id, text } from '../fields.ts';
import { call, ok, outboxKey, type CallSpec } from './kit.ts';

const codeType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]);

/** Public settings, countries, and sending verification codes. */
export const generalCalls = {
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
} satisfies Record<string, CallSpec>;
