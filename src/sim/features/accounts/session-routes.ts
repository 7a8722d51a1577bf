import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import {
  isMobile,
  normalizeAccount,
  normalizeMobile,
  normalizeEmail,
} from '../../../domain/validation/account.ts';
import { clean } from '../../../domain/validation/text.ts';
import { validateForgotPassword } from '../../../domain/validation/forgot-password.ts';
import { normalizeInviteCode } from '../../../domain/validation/invite-code.ts';
import { validateLogin } from '../../../domain/validation/login.ts';
import { validateRegister } from '../../../domain/validation/register.ts';
import { accountProblem } from '../../../domain/validation/account.ts';
import { AREAS } from '../../content/areas.ts';
import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { deliverCode } from './deliver-code.ts';
import { isOutboxKey } from './outbox.ts';
import { answered, on, onUser, outcome, problemEnvelope } from './route-kit.ts';
import { addressKey, failureKey, type Channel } from './state.ts';
import { CREDIT_SCORE_START, userLevel } from './user-standing.ts';
import { requireSecondFactor } from './second-factor.ts';
import { PASSWORD_BACKOFF, triesLeft, waitMinutes, waitMs } from '../../../domain/attempts.ts';
import { FLAG_OFF, FLAG_ON, REVIEW_STATUS_NONE } from '../../../domain/contract-codes.ts';

function channelOf(kind: 'email' | 'mobile'): Channel {
  return kind === 'email' ? 'email' : 'sms';
}

function areaById(id: number | undefined) {
  return id === undefined ? undefined : AREAS.find((area) => area.id === id);
}

/** Codes, registration, login and logout, who I am, and the forgotten password (spec §7). */
export function registerSessionRoutes(routes: Routes, accounts: Accounts): void {
  on(routes, 'notify/send_sms', (payload, ctx) => {
    if (!isMobile(payload.to))
      return errorEnvelope(ctx.t(accountProblem('mobile', payload.to) ?? 'pRightPhone'));
    const area = areaById(payload.area_id);
    if (!area) return errorEnvelope(ctx.t('areaUnknown'));
    const address = normalizeMobile(payload.to);
    return deliverCode(accounts, ctx, {
      channel: 'sms',
      address,
      shownAs: `+${area.global_code} ${address}`,
      purpose: payload.type,
      outboxKey: payload.outbox_key,
    });
  });

  on(routes, 'notify/send_email', (payload, ctx) => {
    const problem = accountProblem('email', payload.to);
    if (problem) return errorEnvelope(ctx.t(problem));
    const address = normalizeEmail(payload.to);
    return deliverCode(accounts, ctx, {
      channel: 'email',
      address,
      shownAs: address,
      purpose: payload.type,
      outboxKey: payload.outbox_key,
    });
  });

  on(routes, 'notify/outbox', (payload) =>
    okEnvelope(isOutboxKey(payload.key) ? accounts.outbox.read(payload.key, payload.after) : []),
  );

  on(routes, 'user/register', async (payload, ctx) => {
    const kind = payload.type;
    const invalid = problemEnvelope(
      validateRegister({
        kind,
        account: payload.account,
        areaId: payload.area_id ?? null,
        code: payload.sms_code,
        password: payload.password,
        password2: payload.re_password,
        inviteCode: payload.invite_code ?? '',
        // The terms box is the form's business; the server sees only forms that were ticked.
        agreed: true,
      }),
      ctx,
    );
    if (invalid) return invalid;
    if (kind === 'mobile' && !areaById(payload.area_id)) return errorEnvelope(ctx.t('areaUnknown'));
    const channel = channelOf(kind);
    const address = normalizeAccount(kind, payload.account);
    // Cheap refusals before the deliberately slow hash.
    if (accounts.state().addresses.has(addressKey(channel, address))) {
      return errorEnvelope(ctx.t('accountExists'));
    }
    const success = { msg: ctx.t('registered') };
    const result = await accounts.execute(
      {
        kind: 'register',
        at: ctx.now,
        channel,
        address,
        areaId: kind === 'mobile' ? (payload.area_id ?? null) : null,
        code: clean(payload.sms_code),
        password: await accounts.hashPassword(payload.password),
        invitedWith: normalizeInviteCode(payload.invite_code ?? ''),
        newInviteCode: accounts.newInviteCode(),
        authorizationCode: accounts.newAuthorizationCode(),
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  on(routes, 'user/login', async (payload, ctx) => {
    const kind = payload.login_type;
    const needsCode = accounts.loginNeedsCode();
    const invalid = problemEnvelope(
      validateLogin({
        kind,
        account: payload.account,
        password: payload.password,
        smsCode: payload.sms_code ?? '',
        smsRequired: needsCode,
      }),
      ctx,
    );
    if (invalid) return invalid;
    const channel = channelOf(kind);
    const address = normalizeAccount(kind, payload.account);
    if (kind === 'mobile' && payload.country_code !== undefined && !areaById(payload.country_code)) {
      return errorEnvelope(ctx.t('areaUnknown'));
    }
    const userId = accounts.state().addresses.get(addressKey(channel, address));
    const found = userId === undefined ? undefined : accounts.state().users.get(userId);
    // A phone number is the account only in its own country: +44 7700900123 is not +1 7700900123.
    // (A client that sends no country, as the family's older ones may, matches the digits alone.)
    const user =
      kind === 'mobile' &&
      payload.country_code !== undefined &&
      found !== undefined &&
      found.areaId !== null &&
      found.areaId !== payload.country_code
        ? undefined
        : found;
    // Wrong passwords back off per account; an unknown account backs off the same way, by address.
    const failures = failureKey(user?.id, channel, address);
    const wait = waitMs(accounts.state().loginFailures.get(failures), ctx.now, PASSWORD_BACKOFF);
    if (wait > 0) return errorEnvelope(ctx.t('loginLocked', { minutes: waitMinutes(wait) }));
    // An unknown account and a wrong password read the same, and take the same time.
    const matches = await accounts.verifyPassword(payload.password, user?.password ?? null);
    if (!user || !matches) {
      const failed = await accounts.execute({ kind: 'loginFailed', at: ctx.now, key: failures });
      if (!failed.ok) return outcome(failed, ctx);
      const record = accounts.state().loginFailures.get(failures);
      const left = triesLeft(record, ctx.now, PASSWORD_BACKOFF);
      if (left > 0) return errorEnvelope(ctx.t('loginFailedLeft', { left }));
      return errorEnvelope(
        ctx.t('loginLocked', { minutes: waitMinutes(waitMs(record, ctx.now, PASSWORD_BACKOFF)) }),
      );
    }
    // The password was right; with two-factor sign-in on, a code from the app (or a recovery code)
    // too. Without one the answer asks for it (data.two_factor = 1) and counts nothing.
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const token = accounts.newToken();
    const result = await accounts.execute({
      kind: 'startSession',
      at: ctx.now,
      userId: user.id,
      token,
      loginCode: needsCode ? { channel, address, code: clean(payload.sms_code ?? '') } : null,
      ...(ctx.client ? { client: ctx.client } : {}),
    });
    // The token itself, as the family's servers answer ("answers token"); uid and is_seller are
    // user/info's.
    return outcome(result, ctx, { data: token });
  });

  // Logging out always succeeds: an expired or unknown token has nothing left to end.
  on(routes, 'user/logout', async (_payload, ctx) => {
    if (ctx.token) await accounts.execute({ kind: 'endSession', at: ctx.now, token: ctx.token });
    return okEnvelope(null);
  });

  onUser(routes, accounts, 'user/info', (_payload, _ctx, user) =>
    okEnvelope({
      id: user.id,
      mobile: user.mobile,
      email: user.email,
      invite_code: user.inviteCode,
      review_status: user.realName?.status ?? REVIEW_STATUS_NONE,
      is_seller: user.isSeller,
      area_id: user.areaId,
      // The bound phone's dial code, so it can be shown as +<code> <number>.
      area_code: user.mobile === '' ? '' : (areaById(user.areaId ?? undefined)?.global_code ?? ''),
      has_pay_password: user.payPassword === null ? FLAG_OFF : FLAG_ON,
      level: userLevel(user),
      credit_score: CREDIT_SCORE_START,
    }),
  );

  onUser(routes, accounts, 'user/authorization_code', (_payload, _ctx, user) =>
    // The code itself as data, as the family's clients print it (user/login answers its token so too).
    okEnvelope(user.authorizationCode),
  );

  on(routes, 'user/forget_password', async (payload, ctx) => {
    const kind = payload.type;
    const invalid = problemEnvelope(
      validateForgotPassword({
        kind,
        account: payload.account,
        code: payload.auth_code,
        password: payload.new_password,
        password2: payload.secondary_password,
      }),
      ctx,
    );
    if (invalid) return invalid;
    const success = { msg: ctx.t('passwordReset') };
    const result = await accounts.execute(
      {
        kind: 'resetPassword',
        at: ctx.now,
        channel: channelOf(kind),
        address: normalizeAccount(kind, payload.account),
        code: clean(payload.auth_code),
        password: await accounts.hashPassword(payload.new_password),
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
