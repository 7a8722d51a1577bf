/**
 * What a validation rule can find wrong with user input. The codes are shared by the forms (which
 * show them as translated toasts) and by the simulator (which answers code 0 with a translated msg),
 * so both ends apply exactly the same rules. The first nine are the spec's own message names (§5, §8).
 */
export type ProblemCode =
  | 'emptyEmail'
  | 'pRightEmail'
  | 'emptyPhone'
  | 'pRightPhone'
  | 'emptyPassword'
  | 'emptyCode'
  | 'length'
  | 'enterPassword2'
  | 'unlike'
  | 'agree'
  | 'badCode'
  | 'emptyArea'
  | 'emptyInvite'
  | 'badInvite'
  | 'emptyOldPassword'
  | 'samePassword'
  | 'emptyName'
  | 'badName'
  | 'emptyCardId'
  | 'badCardId'
  | 'emptyFront'
  | 'emptyBack'
  | 'emptyType'
  | 'emptyTitle'
  | 'longTitle'
  | 'shortContent'
  | 'longContent'
  | 'emptyRealName'
  | 'emptyPayAccount'
  | 'emptyQrcode'
  | 'emptyBankName'
  | 'emptyBranch'
  | 'emptyCardNo'
  | 'badCardNo'
  | 'imageType'
  | 'imageSize'
  | 'emptyAddress'
  | 'badAddress'
  | 'addressChecksum'
  | 'emptyCoin'
  | 'longLabel'
  | 'badLabel'
  | 'emptyPhrase'
  | 'badPhrase'
  | 'emptyTotp'
  | 'badTotp';

/** A problem and the field it belongs to, so a form can point at (and focus) the culprit. */
export interface Problem<F extends string = string> {
  field: F;
  code: ProblemCode;
}

/** The first problem found, in the order the checks are listed (spec §5 fixes that order). */
export function firstProblem<F extends string>(
  checks: ReadonlyArray<readonly [F, ProblemCode | null]>,
): Problem<F> | null {
  for (const [field, code] of checks) if (code !== null) return { field, code };
  return null;
}
