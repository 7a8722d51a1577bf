import { useTranslation } from 'react-i18next';
import { useServices } from '../services-context.ts';

/**
 * Shows which backend answers: the built-in simulator or a real server. On narrower screens only
 * its coloured dot stays, so the navigation keeps its room in long languages.
 */
export function BackendBadge() {
  const { t } = useTranslation();
  const { backend } = useServices();
  const label = backend === 'sim' ? t('header.simulator') : t('header.server');
  return (
    <span
      className={`backend-badge backend-${backend}`}
      data-testid="backend-badge"
      role="img"
      aria-label={label}
      title={label}
    >
      <span className="backend-label" aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
