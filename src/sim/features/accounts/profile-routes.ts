import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import { accountProblem, normalizeEmail } from '../../../domain/validation/account.ts';
import { validateBindEmail } from '../../../domain/validation/bind-email.ts';
import { codeProblem } from '../../../domain/validation/code.ts';
import { validateFeedback } from '../../../domain/validation/feedback.ts';
import { imageProblem, sniffImageType } from '../../../domain/validation/image.ts';
import { passwordProblem } from '../../../domain/validation/password.ts';
import { validateChangePassword } from '../../../domain/validation/change-password.ts';
import {
  pickPayMethodFields,
  validatePayMethod,
  type PayMethodFields,
} from '../../../domain/validation/pay-method.ts';
import { normalizePersonName, validateRealName } from '../../../domain/validation/real-name.ts';
import { clean } from '../../../domain/validation/text.ts';
import { unsavedPayMethodRaw } from '../../../domain/saved-pay-method.ts';
import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { deliverCode } from './deliver-code.ts';
import { PAY_METHOD_TYPES, payMethodType } from './pay-method-types.ts';
import { answered, onUser, outcome, problemEnvelope } from './route-kit.ts';
import { requireSecondFactor } from './second-factor.ts';
import { addressKey } from './state.ts';
import { CODE_PURPOSE_BIND_EMAIL, REVIEW_STATUS_NONE } from '../../../domain/contract-codes.ts';

const SNIFF_BYTES = 12;

/** Passwords, identity, uploads, collection methods, e-mail binding and feedback (spec §7). */
export function registerProfileRoutes(routes: Routes, accounts: Accounts): void {
  onUser(routes, accounts, 'user/amend_password', async (payload, ctx, user) => {
    const invalid = problemEnvelope(
      validateChangePassword({
        oldPassword: payload.old_password,
        password: payload.new_password,
        password2: payload.secondary_password,
      }),
      ctx,
    );
    if (invalid) return invalid;
    if (!(await accounts.verifyPassword(payload.old_password, user.password))) {
      return errorEnvelope(ctx.t('wrongOldPassword'));
    }
    // A password is a security change: with two-factor sign-in on, it needs a code from the app.
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const success = { msg: ctx.t('passwordChanged') };
    const result = await accounts.execute(
      {
        kind: 'changePassword',
        at: ctx.now,
        userId: user.id,
        password: await accounts.hashPassword(payload.new_password),
        keepToken: ctx.token,
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'user/amend_pay_password', async (payload, ctx, user) => {
    const problem = passwordProblem(payload.password) ?? codeProblem(payload.auth_code);
    if (problem) return errorEnvelope(ctx.t(problem));
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const success = { msg: ctx.t('payPasswordSet') };
    const result = await accounts.execute(
      {
        kind: 'setPayPassword',
        at: ctx.now,
        userId: user.id,
        code: clean(payload.auth_code),
        password: await accounts.hashPassword(payload.password),
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'user_real/center', (_payload, _ctx, user) =>
    okEnvelope({ review_status: user.realName?.status ?? REVIEW_STATUS_NONE }),
  );

  onUser(routes, accounts, 'user_real/real_name', async (payload, ctx, user) => {
    const invalid = problemEnvelope(
      validateRealName({
        name: payload.name,
        cardId: payload.card_id,
        frontPic: payload.front_pic,
        backPic: payload.reverse_pic,
      }),
      ctx,
    );
    if (invalid) return invalid;
    const frontPic = accounts.images.idOf(clean(payload.front_pic));
    const backPic = accounts.images.idOf(clean(payload.reverse_pic));
    if (frontPic === null || backPic === null) return errorEnvelope(ctx.t('uploadMissing'));
    const success = { msg: ctx.t('realNameSubmitted') };
    const result = await accounts.execute(
      {
        kind: 'submitRealName',
        at: ctx.now,
        userId: user.id,
        name: normalizePersonName(payload.name),
        cardId: clean(payload.card_id).toUpperCase(),
        frontPic,
        backPic,
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'common/image_upload', async (payload, ctx, user) => {
    const file = payload.file;
    const problem = imageProblem(file.type, file.size);
    if (problem) return errorEnvelope(ctx.t(problem));
    const bytes = await file.arrayBuffer();
    // The declared type is the client's claim; the first bytes are the truth.
    const type = sniffImageType(new Uint8Array(bytes, 0, Math.min(SNIFF_BYTES, bytes.byteLength)));
    if (type === null) return errorEnvelope(ctx.t('imageType'));
    const id = accounts.newUploadId();
    // Bytes first: a recorded upload must never name an image that was not stored.
    const url = await accounts.images.save({ id, type, bytes });
    const success = { data: { url } };
    const result = await accounts.execute(
      {
        kind: 'recordUpload',
        at: ctx.now,
        upload: { id, owner: user.id, type, size: bytes.byteLength, at: ctx.now },
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'pay_method/types', () => okEnvelope(PAY_METHOD_TYPES));

  onUser(routes, accounts, 'pay_method/get_method_by_type', async (payload, ctx, user) => {
    const type = payMethodType(payload.type);
    if (!type) return errorEnvelope(ctx.t('payMethodUnknown'));
    const stored = user.payMethods[payload.type];
    if (!stored) return okEnvelope({ type: payload.type, raw_data: unsavedPayMethodRaw(type.code) });
    const raw = { ...stored };
    if (stored.qrcode) raw.qrcode = await accounts.images.urlOf(stored.qrcode);
    return okEnvelope({ type: payload.type, raw_data: raw });
  });

  onUser(routes, accounts, 'pay_method/save', async (payload, ctx, user) => {
    const type = payMethodType(payload.type);
    if (!type) return errorEnvelope(ctx.t('payMethodUnknown'));
    const given = payload.raw_data;
    const fields: PayMethodFields = {
      real_name: given.real_name ?? '',
      account: given.account ?? '',
      qrcode: given.qrcode ?? '',
      bank_name: given.bank_name ?? '',
      card_no: given.card_no ?? '',
      bank_address: given.bank_address ?? '',
    };
    const invalid = problemEnvelope(validatePayMethod(type.code, fields), ctx);
    if (invalid) return invalid;
    const raw = pickPayMethodFields(type.code, fields);
    if (raw.qrcode !== undefined) {
      const id = accounts.images.idOf(raw.qrcode);
      if (id === null) return errorEnvelope(ctx.t('uploadMissing'));
      raw.qrcode = id;
    }
    const success = { msg: ctx.t('payMethodSaved') };
    const result = await accounts.execute(
      {
        kind: 'savePayMethod',
        at: ctx.now,
        userId: user.id,
        methodType: type.id,
        raw,
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'sms_mail', (payload, ctx, user) => {
    const problem = accountProblem('email', payload.email);
    if (problem) return errorEnvelope(ctx.t(problem));
    const email = normalizeEmail(payload.email);
    if (user.email === email) return errorEnvelope(ctx.t('emailSame'));
    const owner = accounts.state().addresses.get(addressKey('email', email));
    if (owner !== undefined && owner !== user.id) return errorEnvelope(ctx.t('emailTaken'));
    return deliverCode(accounts, ctx, {
      channel: 'email',
      address: email,
      shownAs: email,
      purpose: CODE_PURPOSE_BIND_EMAIL,
      outboxKey: payload.outbox_key,
    });
  });

  onUser(routes, accounts, 'safe/email', async (payload, ctx, user) => {
    const invalid = problemEnvelope(validateBindEmail({ email: payload.email, code: payload.code }), ctx);
    if (invalid) return invalid;
    const success = { msg: ctx.t('emailBound') };
    const result = await accounts.execute(
      {
        kind: 'bindEmail',
        at: ctx.now,
        userId: user.id,
        email: normalizeEmail(payload.email),
        code: clean(payload.code),
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'feedback/submit', async (payload, ctx, user) => {
    const problem = validateFeedback({ type: payload.type, title: payload.title, content: payload.content });
    const invalid = problemEnvelope(problem, ctx);
    if (invalid) return invalid;
    const success = { msg: ctx.t('feedbackThanks') };
    const result = await accounts.execute(
      {
        kind: 'submitFeedback',
        at: ctx.now,
        userId: user.id,
        // validateFeedback accepted the type, so it is one of FEEDBACK_TYPES.
        type: payload.type as 1 | 2 | 3 | 4,
        title: clean(payload.title),
        content: clean(payload.content),
      },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
