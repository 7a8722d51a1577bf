import { z } from 'zod';
import { empty, id, text } from '../fields.ts';
import { call, ok, outboxKey, type CallSpec } from './kit.ts';

/**
 * The address-binding service (spec §7 "Separate address-binding service"): a small
 * contract of its own under `address/`, beside the main one. GetDrawAddress is `address/list` and
 * `address/draw_addresses`, SendVerificationcode is `address/send_code`, BindDrawAddress is
 * `address/bind` with the signed form `{ data, signature }`.
 *
 * The signature (src/domain/address-book/signature.ts): `address/session_key` hands the session a key
 * (64 hex digits, bound to the token); the string to sign is every field of `data` sorted by name as
 * `name=value` joined with `&`; signature = hex HMAC-SHA256(key, that string). `timestamp` is whole
 * seconds of the server clock (`address/session_key` answers it) and must be within 300 s of it.
 * The code (6 digits, single use, 5 wrong tries void it) went to the user's own bound e-mail or phone.
 * Chains: the pair (coin_name, contract_address) picks USDT-TRC20, USDT-ERC20, BTC, ETH (ERC20) or
 * TRX (TRC20); the address is checked for that chain with its checksum.
 */
const boundAddress = z.object({
  id,
  address: text,
  coin_name: text,
  contract_address: text,
  /** TRC20, ERC20 or BTC. */
  chain: text,
  label: text,
  /** Epoch milliseconds of the server clock. */
  created_at: z.number().int(),
});

const short = (max: number) => z.string().max(max);

export const addressBookCalls = {
  'address/list': call({
    method: 'GET',
    path: 'address/list',
    auth: true,
    summary: 'GetDrawAddress: my bound withdrawal addresses, newest first',
    payload: empty,
    answer: z.array(boundAddress),
  }),
  'address/draw_addresses': call({
    method: 'GET',
    path: 'address/draw_addresses',
    auth: true,
    summary: 'GetDrawAddress for one coin and contract: the addresses a withdrawal may go to',
    payload: z.object({ coin_name: short(16), contract_address: short(64).default('') }),
    answer: z.array(boundAddress),
  }),
  'address/session_key': call({
    method: 'GET',
    path: 'address/session_key',
    auth: true,
    summary:
      'The signing key of this session (64 hex digits, the same for the whole session), the user id ' +
      'to sign, and the server clock in whole seconds for the form timestamp',
    payload: empty,
    answer: z.object({ key: text, user_id: id, timestamp: z.number().int() }),
  }),
  'address/send_code': call({
    method: 'POST',
    path: 'address/send_code',
    auth: true,
    toast: true,
    summary:
      'SendVerificationcode: a binding code to my own bound e-mail or phone (one per 55 s, 10 an hour; ' +
      'outbox_key: see notify/outbox)',
    payload: z.object({ via: z.enum(['email', 'mobile']), outbox_key: outboxKey }).strict(),
    answer: ok,
  }),
  'address/bind': call({
    method: 'POST',
    path: 'address/bind',
    auth: true,
    toast: true,
    summary:
      'BindDrawAddress: the signed form { data, signature }; answers the new entry id. data has ' +
      'exactly these fields, all signed',
    payload: z
      .object({
        data: z
          .object({
            user_id: id,
            address: short(128),
            coin_name: short(16),
            contract_address: short(64),
            verificationcode: short(16),
            timestamp: z.number().int(),
            label: short(120),
          })
          .strict(),
        signature: short(128),
        /** Where the demo outbox files the "address added" notice (not signed; see notify/outbox). */
        outbox_key: outboxKey,
      })
      .strict(),
    answer: z.object({ id }),
  }),
  'address/label': call({
    method: 'POST',
    path: 'address/label',
    auth: true,
    toast: true,
    summary: 'Rename one of my bound addresses (label up to 30 characters, may be empty)',
    payload: z.object({ id, label: short(120) }).strict(),
    answer: ok,
  }),
  'address/delete': call({
    method: 'POST',
    path: 'address/delete',
    auth: true,
    toast: true,
    summary: 'Remove one of my bound addresses',
    payload: z.object({ id }).strict(),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
