import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../services-context.ts';

/** Copies text to the clipboard and says whether it worked (spec §8: copy success / copy failed). */
export function useCopy(): (text: string) => void {
  const { t } = useTranslation();
  const { toasts } = useServices();
  return useCallback(
    (text: string) => {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard) {
        toasts.show('error', t('common.copyFailed'));
        return;
      }
      clipboard.writeText(text).then(
        () => toasts.show('success', t('common.copySuccess')),
        () => toasts.show('error', t('common.copyFailed')),
      );
    },
    [t, toasts],
  );
}
