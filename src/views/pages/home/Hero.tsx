import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CLAIM_COUNTRIES, CLAIM_YEARS } from '../../../domain/home-table.ts';
import { registerHref } from '../../components/links.ts';
import { useSignedIn } from '../../use-session.ts';

/** The landing hero: the promise, and an e-mail/phone box that starts registration. */
export function Hero({ aside }: { aside: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [account, setAccount] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void navigate(registerHref(account));
  }

  return (
    <section className="home-hero" aria-labelledby="hero-title">
      <div className="home-hero-inner">
        <div className="hero-copy">
          <p className="hero-eyebrow">
            <span className="hero-dot" aria-hidden="true" />
            {t('home.hero.eyebrow')}
          </p>
          <h1 id="hero-title">
            {t('home.hero.titleLead')} <span className="hero-accent">{t('home.hero.titleAccent')}</span>
          </h1>
          <p className="hero-lead">{t('home.hero.lead')}</p>
          {signedIn ? (
            <div className="hero-actions">
              <Link className="btn btn-primary btn-lg" to="/trade">
                {t('home.hero.startTrading')}
              </Link>
              <Link className="btn btn-lg" to="/assets">
                {t('home.hero.viewAssets')}
              </Link>
            </div>
          ) : (
            <form className="hero-signup" onSubmit={onSubmit} data-testid="hero-signup">
              <label htmlFor="hero-account" className="visually-hidden">
                {t('home.hero.accountLabel')}
              </label>
              <input
                id="hero-account"
                type="text"
                inputMode="email"
                autoComplete="username"
                placeholder={t('home.hero.accountPlaceholder')}
                value={account}
                onChange={(event) => setAccount(event.target.value)}
                data-testid="hero-account"
              />
              <button type="submit" className="btn btn-primary btn-lg" data-testid="hero-register">
                {t('home.hero.register')}
              </button>
            </form>
          )}
          <ul className="hero-claims">
            <li>
              <CheckIcon />
              {t('home.claims.countriesShort', { value: CLAIM_COUNTRIES })}
            </li>
            <li>
              <CheckIcon />
              {t('home.claims.yearsShort', { value: CLAIM_YEARS })}
            </li>
            <li>
              <CheckIcon />
              {t('home.hero.noRealMoney')}
            </li>
          </ul>
        </div>
        <div className="hero-aside">{aside}</div>
      </div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
    >
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}
