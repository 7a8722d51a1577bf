import { useTranslation } from 'react-i18next';

/** A product's term: flexible (redeem any time) or fixed for a number of days. */
export function TermBadge({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <span className={`earn-badge${days === 0 ? ' earn-badge-flexible' : ''}`}>
      {days === 0 ? t('earnings.flexible') : t('earnings.fixedDays', { n: days })}
    </span>
  );
}
