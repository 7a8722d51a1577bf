import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { sendCodeMachine } from '../../../../machines/send-code.machine.ts';

/** The send-code button: "Send code", "Sending…", then "Resend in 59 s" counting down (spec §4). */
export function CodeButton({
  actor,
  onSend,
}: {
  actor: ActorRefFrom<typeof sendCodeMachine> | undefined;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const value = useSelector(actor, (snapshot) => snapshot?.value ?? 'idle');
  const remaining = useSelector(actor, (snapshot) => snapshot?.context.remaining ?? 0);
  return (
    <button
      type="button"
      className="field-action"
      disabled={value !== 'idle'}
      onClick={onSend}
      data-testid="send-code"
    >
      {value === 'sending'
        ? t('auth.sending')
        : value === 'countdown'
          ? t('auth.resendIn', { count: remaining })
          : t('auth.sendCode')}
    </button>
  );
}
