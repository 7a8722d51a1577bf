import { errorEnvelope, okEnvelope, type Envelope } from '../../../api/envelope.ts';
import { addressProblem, canonicalAddress, labelProblem } from '../../../domain/address-book/address.ts';
import { chainOption } from '../../../domain/address-book/chains.ts';
import {
  isFreshTimestamp,
  signatureTimestamp,
  verifyAddressSignature,
} from '../../../domain/address-book/signature.ts';
import { CODE_PURPOSE_BIND_ADDRESS } from '../../../domain/contract-codes.ts';
import { codeProblem } from '../../../domain/validation/code.ts';
import { clean } from '../../../domain/validation/text.ts';
import { AREAS } from '../../content/areas.ts';
import type { CallContext, Routes } from '../../routes.ts';
import { storedTo } from '../../answer-once.ts';
import type { CommandRequest, ExecuteResult } from '../../store/event-sourced.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import type { AddressBook } from './address-book.ts';
import { bindingCodeHash } from './address-book.ts';
import { ADDRESS_REFUSALS, codeWait } from './aggregate.ts';
import type { AddressBookEvent, AddressBookState, BoundAddressRecord } from './state.ts';

function answerOf(entry: BoundAddressRecord) {
  return {
    id: entry.id,
    address: entry.address,
    coin_name: entry.coin,
    contract_address: entry.contract,
    chain: entry.chain,
    label: entry.label,
    created_at: entry.createdAt,
  };
}

/** A command's request whose success answer is known before it runs, stored with the command. */
function answered(ctx: CallContext, success: Envelope): CommandRequest<AddressBookState> | undefined {
  return ctx.requestId === undefined
    ? undefined
    : { id: ctx.requestId, answer: () => success, ...storedTo(ctx) };
}

function outcome(result: ExecuteResult<AddressBookEvent>, ctx: CallContext, success: Envelope): Envelope {
  if (result.ok) return success;
  if (!(ADDRESS_REFUSALS as readonly string[]).includes(result.error)) {
    console.error('sim address book: command failed', result.error);
    return errorEnvelope(ctx.t('internal'));
  }
  return errorEnvelope(ctx.t(result.error));
}

/**
 * The address-binding service's calls (catalogue/address-book.ts). Every call needs a session; every
 * field is checked here whatever the form checked, and a refusal changes nothing (except that a wrong
 * code counts against the code).
 */
export function registerAddressBookRoutes(routes: Routes, accounts: Accounts, book: AddressBook): void {
  onUser(routes, accounts, 'address/list', (_payload, _ctx, user) =>
    okEnvelope(book.entriesOf(user.id).map(answerOf)),
  );

  onUser(routes, accounts, 'address/draw_addresses', (payload, _ctx, user) => {
    const option = chainOption(payload.coin_name, payload.contract_address);
    if (!option) return okEnvelope([]);
    return okEnvelope(
      book
        .entriesOf(user.id)
        .filter((entry) => entry.coin === option.coin && entry.chain === option.chain)
        .map(answerOf),
    );
  });

  onUser(routes, accounts, 'address/session_key', async (_payload, ctx, user) => {
    const key = await book.sessionKey(ctx.token, user.id, ctx.now);
    if (key === null) return errorEnvelope(ctx.t('internal'));
    return okEnvelope({ key, user_id: user.id, timestamp: signatureTimestamp(ctx.now) });
  });

  onUser(routes, accounts, 'address/send_code', async (payload, ctx, user) => {
    const byEmail = payload.via === 'email';
    if (byEmail && user.email === '') return errorEnvelope(ctx.t('addrNoEmail'));
    if (!byEmail && user.mobile === '') return errorEnvelope(ctx.t('addrNoMobile'));
    const { waitMs, capped } = codeWait(book.state(), book.policy, user.id, ctx.now);
    if (capped) return errorEnvelope(ctx.t('codeTooMany'));
    if (waitMs > 0) return errorEnvelope(ctx.t('codeTooSoon', { seconds: Math.ceil(waitMs / 1000) }));
    const { code, salt } = book.newCode();
    const result = await book.execute({
      kind: 'issueCode',
      at: ctx.now,
      userId: user.id,
      hash: bindingCodeHash(salt, code),
      salt,
    });
    if (!result.ok) return outcome(result, ctx, okEnvelope(null));
    const area = AREAS.find((candidate) => candidate.id === user.areaId);
    accounts.courier.deliver(payload.outbox_key, {
      channel: byEmail ? 'email' : 'sms',
      to: byEmail ? user.email : area ? `+${area.global_code} ${user.mobile}` : user.mobile,
      purpose: CODE_PURPOSE_BIND_ADDRESS,
      kind: 'code',
      code,
      at: ctx.now,
      anti_phishing: accounts.antiPhishingOf(user.id),
    });
    return okEnvelope(null, ctx.t(byEmail ? 'codeSentEmail' : 'codeSentSms'));
  });

  onUser(routes, accounts, 'address/bind', async (payload, ctx, user) => {
    const { data, signature } = payload;
    // The signature first: a form the session did not sign is refused before anything is looked at.
    const key = book.keyOf(ctx.token, user.id, ctx.now);
    if (key === null || !(await verifyAddressSignature(key, data, signature))) {
      return errorEnvelope(ctx.t('addrSignature'));
    }
    if (!isFreshTimestamp(data.timestamp, ctx.now)) return errorEnvelope(ctx.t('addrStale'));
    if (data.user_id !== user.id) return errorEnvelope(ctx.t('addrWrongUser'));
    if (clean(data.coin_name) === '') return errorEnvelope(ctx.t('emptyCoin'));
    const option = chainOption(data.coin_name, data.contract_address);
    if (!option) return errorEnvelope(ctx.t('addrChainUnknown'));
    const problem =
      addressProblem(option.chain, data.address) ??
      labelProblem(data.label) ??
      codeProblem(data.verificationcode);
    if (problem) return errorEnvelope(ctx.t(problem));

    const issued = book.state().codes.get(user.id);
    if (!issued || issued.expiresAt <= ctx.now) return errorEnvelope(ctx.t('codeWrong'));
    if (issued.wrong >= book.policy.codeMaxTries) return errorEnvelope(ctx.t('addrCodeVoid'));
    const codeHash = bindingCodeHash(issued.salt, clean(data.verificationcode));
    if (codeHash !== issued.hash) {
      const missed = await book.execute({ kind: 'missCode', at: ctx.now, userId: user.id });
      if (!missed.ok) return outcome(missed, ctx, okEnvelope(null));
      return errorEnvelope(
        ctx.t(issued.wrong + 1 >= book.policy.codeMaxTries ? 'addrCodeVoid' : 'codeWrong'),
      );
    }
    const bound = (id: unknown) => okEnvelope({ id }, ctx.t('addrBound'));
    const result = await book.execute(
      {
        kind: 'bind',
        at: ctx.now,
        userId: user.id,
        chain: option.chain,
        coin: option.coin,
        contract: option.contract,
        address: canonicalAddress(option.chain, data.address),
        label: clean(data.label),
        codeHash,
      },
      ctx.requestId === undefined
        ? undefined
        : { id: ctx.requestId, answer: (_next, reply) => bound(reply), ...storedTo(ctx) },
    );
    // The user hears of every address added, on each of their addresses (issue 34's allow-list
    // gives them its waiting period to react); the answer does not wait for it.
    if (result.ok) {
      const area = AREAS.find((candidate) => candidate.id === user.areaId);
      const notices = [
        ...(user.email ? [{ channel: 'email' as const, to: user.email }] : []),
        ...(user.mobile
          ? [{ channel: 'sms' as const, to: area ? `+${area.global_code} ${user.mobile}` : user.mobile }]
          : []),
      ];
      for (const notice of notices) {
        accounts.courier.deliver(payload.outbox_key, {
          ...notice,
          purpose: CODE_PURPOSE_BIND_ADDRESS,
          kind: 'address_added',
          code: '',
          at: ctx.now,
          anti_phishing: accounts.antiPhishingOf(user.id),
        });
      }
    }
    return outcome(result, ctx, bound(result.ok ? result.reply : 0));
  });

  onUser(routes, accounts, 'address/label', async (payload, ctx, user) => {
    const problem = labelProblem(payload.label);
    if (problem) return errorEnvelope(ctx.t(problem));
    const success = okEnvelope(null, ctx.t('addrRelabelled'));
    const result = await book.execute(
      { kind: 'relabel', at: ctx.now, userId: user.id, id: payload.id, label: clean(payload.label) },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });

  onUser(routes, accounts, 'address/delete', async (payload, ctx, user) => {
    const success = okEnvelope(null, ctx.t('addrDeleted'));
    const result = await book.execute(
      { kind: 'remove', at: ctx.now, userId: user.id, id: payload.id },
      answered(ctx, success),
    );
    return outcome(result, ctx, success);
  });
}
