import { readAmount, type AmountProblem, type AmountRules } from '../domain/wallet/entry.ts';

/**
 * The problem an amount field shows while the user types: only what is wrong with the text itself
 * (not a number, too many decimals, too large). Bounds (zero, minimum, maximum, balance) and an
 * empty field are said when the user sends, so a half-typed amount is not scolded.
 */
export function typingProblem(text: string, rules: AmountRules): AmountProblem | null {
  const entry = readAmount(text, { decimalComma: rules.decimalComma });
  if (entry.ok) return null;
  const { problem } = entry;
  return problem.kind === 'notNumber' || problem.kind === 'tooManyDecimals' || problem.kind === 'tooLarge'
    ? problem
    : null;
}

/** The problem of an amount when it is sent: any (readAmount's first), or null to send it. */
export function sendProblem(text: string, rules: AmountRules): AmountProblem | null {
  const entry = readAmount(text, rules);
  return entry.ok ? null : entry.problem;
}

/** The amount to send: the canonical text of what was typed (comma read as the point). */
export function amountValue(text: string, rules: AmountRules): string {
  const entry = readAmount(text, rules);
  return entry.ok ? entry.value : '';
}
