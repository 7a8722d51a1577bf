import { useServices } from '../services-context.ts';
import { useTranslation } from 'react-i18next';

/** Shows which backend answers: the built-in simulator or a real server. */
export function SimSpeedBadge() {
  const { t } = useTranslation();
  const { transport } = useServices();
  return (
    <span className={`backend-badge backend-${transport.name}`} data-testid="backend-badge">
      {transport.name === 'sim' ? t('header.simulator') : t('header.server')}
    </span>
  );
}
