import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '../../../api/catalogue.ts';
import { FLAG_ON } from '../../../domain/contract-codes.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { AllowListCard } from './security/AllowListCard.tsx';
import { AntiPhishingCard } from './security/AntiPhishingCard.tsx';
import { SessionsCard } from './security/SessionsCard.tsx';
import { TwoFactorCard } from './security/TwoFactorCard.tsx';

type Overview = AnswerOf<'security/overview'>;

/**
 * /personal/security (issue 34): the protections beyond the password, one card each. After a
 * change the overview reloads; the cards stay on screen with the last answer meanwhile, so a form
 * that just succeeded is not torn down by its own reload.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const [attempt, setAttempt] = useState(0);
  const reload = () => setAttempt((value) => value + 1);
  const overview = useLoadable(queries.personal.securityOverview$, attempt);
  const [last, setLast] = useState<Overview | null>(null);
  if (overview.status === 'ready' && overview.data !== last) setLast(overview.data);
  const shown = overview.status === 'ready' ? overview.data : last;
  if (shown === null) {
    return (
      <section className="card" data-testid="security-loading">
        {overview.status === 'failed' ? (
          <button type="button" className="btn" onClick={reload}>
            {t('common.retry')}
          </button>
        ) : (
          <p className="muted" aria-busy="true">
            {t('common.loading')}
          </p>
        )}
      </section>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">{t('pages.security')}</h1>
      <TwoFactorCard
        on={shown.two_factor === FLAG_ON}
        recoveryLeft={shown.recovery_left}
        onChanged={reload}
      />
      <AntiPhishingCard
        masked={shown.anti_phishing}
        twoFactor={shown.two_factor === FLAG_ON}
        onChanged={reload}
      />
      <AllowListCard
        twoFactor={shown.two_factor === FLAG_ON}
        on={shown.allow_list === FLAG_ON}
        waitHours={Math.round(shown.allow_list_wait_ms / 3_600_000)}
        onChanged={reload}
      />
      <SessionsCard twoFactor={shown.two_factor === FLAG_ON} />
    </>
  );
}
