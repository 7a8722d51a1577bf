import { useTranslation } from 'react-i18next';
import { securityLevel, type SecurityFacts } from '../../../domain/security-level.ts';

/** The security bar (spec §4): its fill and label come from the domain rule. */
export function SecurityMeter({ facts }: { facts: SecurityFacts }) {
  const { t } = useTranslation();
  const level = securityLevel(facts);
  return (
    <div className={`security-meter security-${level.label}`} data-testid="security-level">
      <div className="security-meter-top">
        <span className="muted">{t('personal.securityLevel')}</span>
        <span className="security-label">{t(`personal.level.${level.label}`)}</span>
      </div>
      <div
        className="security-track"
        role="meter"
        aria-label={t('personal.securityLevel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level.score}
        aria-valuetext={t(`personal.level.${level.label}`)}
      >
        <div className="security-fill" style={{ width: `${level.score}%` }} />
      </div>
    </div>
  );
}
