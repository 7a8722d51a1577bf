import type { AccountKind } from '../domain/validation/account.ts';
import type { Problem } from '../domain/validation/problem.ts';
import { codeOrProblem, codeRequestFor, type CodeRequest, type CodeType } from './code-request.ts';

/** Where the login and register forms send a code: the account typed on the tab and its country. */
export interface AccountTarget {
  account: string;
  areaId: number | null;
}

/**
 * The code for the account on a tab, or the problem that stops it, pinned on `account` (or on
 * `areaId` when the phone has no country).
 */
export function accountCode(
  tab: AccountKind,
  target: AccountTarget,
  type: CodeType,
): CodeRequest | Problem<'account' | 'areaId'> {
  return codeOrProblem(codeRequestFor(tab, target.account, target.areaId, type), {
    account: 'account',
    area: 'areaId',
  });
}

export function isCodeProblem<F extends string>(result: CodeRequest | Problem<F>): result is Problem<F> {
  return 'field' in result;
}

/**
 * A SET moves the code's target (spec §4: the account or its country changed), so a code already
 * sent is meaningless and the countdown resets. A default filling an empty country (the list
 * arriving late) is not the user's change.
 */
export function targetChanged(current: AccountTarget, changes: Partial<AccountTarget>): boolean {
  return (
    (changes.account !== undefined && changes.account !== current.account) ||
    (changes.areaId !== undefined && current.areaId !== null && changes.areaId !== current.areaId)
  );
}
