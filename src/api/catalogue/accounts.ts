import { z } from 'zod';
import * as e from '../entities.ts';
import { blankAsAbsent, empty, id, text } from '../fields.ts';
import { call, ok, outboxKey, type CallSpec } from './kit.ts';

/** The user: sign-in, registration, passwords, real-name review, e-mail binding, feedback. */
export const accountCalls = {
  'user/login': call({
    method: 'POST',
    path: 'user/login',
    auth: false,
    secret: true,
    summary:
      'Sign in; answers the token itself as `data` (a string; uid and is_seller come from user/info). ' +
      "country_code is the area id of default/area_list. Also sent form-urlencoded by the family's clients, " +
      'optional fields as empty strings (`country_code=`), which read as absent. With two-factor sign-in ' +
      'on (security/two_factor_enable), a right password without totp_code is refused with data ' +
      '`{ two_factor: 1 }` (ask for the code, nothing counted); a wrong totp_code counts as a wrong password',
    payload: z.object({
      account: text,
      password: text,
      sms_code: text.optional(),
      totp_code: blankAsAbsent(text),
      login_type: z.enum(['email', 'mobile']),
      country_code: blankAsAbsent(id),
    }),
    answer: text.min(1),
  }),
  'user/register': call({
    method: 'POST',
    path: 'user/register',
    auth: false,
    toast: true,
    summary:
      'Create an account. Also sent form-urlencoded, optional fields as empty strings (`area_id=`, ' +
      '`invite_code=`), which read as absent',
    payload: z.object({
      account: text,
      password: text,
      re_password: text,
      invite_code: blankAsAbsent(text),
      area_id: blankAsAbsent(id),
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
    summary:
      'The agent authorization code, answered as the code itself (as user/login answers the token); ' +
      '`{ code }` from an older server is read as the same code',
    payload: empty,
    answer: z.preprocess((answer) => {
      const older = z.object({ code: text }).safeParse(answer);
      return older.success ? older.data.code : answer;
    }, text),
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
    summary: 'Change the login password (with two-factor sign-in on, totp_code too)',
    payload: z.object({
      old_password: text,
      new_password: text,
      secondary_password: text,
      /** Tessera: a code from the app, needed once two-factor sign-in is on (security/overview). */
      totp_code: text.optional(),
    }),
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
    summary: 'Set the trade password (with two-factor sign-in on, totp_code too)',
    payload: z.object({
      password: text,
      auth_code: text,
      /** Tessera: a code from the app, needed once two-factor sign-in is on (security/overview). */
      totp_code: text.optional(),
    }),
    answer: ok,
  }),
  'user_real/center': call({
    method: 'GET',
    path: 'user_real/center',
    auth: true,
    summary: 'Real-name review status',
    payload: empty,
    answer: z.object({ review_status: e.userInfo.shape.review_status }),
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
} satisfies Record<string, CallSpec>;
