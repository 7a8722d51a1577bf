import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPref } from '../../../machines/local-prefs.ts';
import { resolveLanguage } from '../../../domain/languages.ts';
import { usesDecimalComma } from '../../../domain/number-entry.ts';
import type { AmountProblem } from '../../../domain/wallet/entry.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { LEDGER_DECIMALS } from '../../../domain/money.ts';

/** A language change reloads the page (spec §1), so the language read at start is the one shown. */
export function useDecimalComma(): boolean {
  const [comma] = useState(() => usesDecimalComma(resolveLanguage(readPref('lang'))));
  return comma;
}

/** The wallet's accounts (account/list), following the balance pushes; one subscription per page. */
export function useWalletGroups() {
  const { queries } = useServices();
  const [source] = useState(() => queries.wallet.accounts$());
  return useLoadable(source);
}

/** The translated message of an amount's problem; `empty` says the field's own spec message. */
export function amountMessage(
  t: TFunction,
  problem: AmountProblem,
  field: { emptyKey: string; code: string; belowMinKey?: string },
): string {
  switch (problem.kind) {
    case 'empty':
      return t(field.emptyKey);
    case 'notNumber':
    case 'tooLarge':
      return t(`numberEntry.${problem.kind}`);
    case 'tooManyDecimals':
      return t('numberEntry.tooManyDecimals', { max: LEDGER_DECIMALS });
    case 'zero':
      return t('wallet.zero');
    case 'belowMin':
      return t(field.belowMinKey ?? 'wallet.belowMin', { min: problem.min, code: field.code });
    case 'aboveMax':
      return t('wallet.aboveMax', { max: problem.max, code: field.code });
    case 'aboveBalance':
      return t('wallet.aboveBalance');
  }
}

/** The message under an amount field; nothing while the field is fine, so the form does not jump. */
export function AmountMessage({
  id,
  problem,
  field,
}: {
  id: string;
  problem: AmountProblem | null;
  field: { emptyKey: string; code: string; belowMinKey?: string };
}) {
  const { t } = useTranslation();
  if (problem === null) return null;
  return (
    <p id={id} className="field-problem" role="alert" data-testid="amount-problem">
      {amountMessage(t, problem, field)}
    </p>
  );
}

/** A labelled text field for an amount: it shows exactly what was typed. */
export function AmountField({
  id,
  label,
  value,
  placeholder,
  problem,
  field,
  onValue,
  action,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  problem: AmountProblem | null;
  field: { emptyKey: string; code: string; belowMinKey?: string };
  onValue: (value: string) => void;
  action?: React.ReactNode;
}) {
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-box">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => onValue(event.target.value)}
        />
        {action}
      </div>
      <AmountMessage id={`${id}-problem`} problem={problem} field={field} />
    </div>
  );
}
