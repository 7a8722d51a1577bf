import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { qrDataUrl } from '../../components/qr-data-url.ts';
import { formatNewsDate } from '../../../domain/format.ts';
import { CLAIM_COUNTRIES, CLAIM_YEARS, NEWS_CATEGORY } from '../../../domain/home-table.ts';
import { noticeHref, registerHref } from '../../components/links.ts';
import { useNewsList } from '../../components/use-news.ts';
import { useSignedIn } from '../../use-session.ts';
import { Arrow } from './MarketBlocks.tsx';

/** Home notices (news category 22): the latest announcements. */
export function NoticesCard() {
  const { t } = useTranslation();
  const list = useNewsList(NEWS_CATEGORY.notices);
  const items = list.status === 'ready' ? list.data.slice(0, 4) : [];
  return (
    <section className="hero-card panel" aria-labelledby="notices-title" data-testid="home-notices">
      <div className="hero-card-head">
        <h2 id="notices-title">{t('home.notices.title')}</h2>
        <Link to={`/notice?category_id=${NEWS_CATEGORY.notices}`} className="section-link">
          {t('home.notices.more')}
          {/* "More" alone does not say where it leads (screen readers list links out of context). */}
          <span className="visually-hidden">: {t('home.notices.title')}</span>
          <Arrow />
        </Link>
      </div>
      <ul className="notices-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={noticeHref(item.id, NEWS_CATEGORY.notices)}>
              <span className="notice-item-title">{item.title}</span>
              <time className="num">{formatNewsDate(item.created_at)}</time>
            </Link>
          </li>
        ))}
        {/* As many rows as come, each a row's height (a line of text in a link's padding): the
            hero's column is centred, so a shorter list moved the gainers above it (CLS). */}
        {list.status === 'loading' &&
          [0, 1, 2, 3].map((index) => (
            <li key={index} aria-hidden="true">
              <span className="notice-placeholder">
                <span className="notice-item-title">
                  <span className="skeleton skeleton-text" />
                </span>
              </span>
            </li>
          ))}
      </ul>
    </section>
  );
}

const PROMOS = [
  { key: 'spot', to: '/trade', icon: 'M4 19V9m5 10V5m5 14v-7m5 7V8' },
  { key: 'lever', to: '/lever', icon: 'M4 17 10 11l4 4 6-7M15 8h5v5' },
  { key: 'micro', to: '/second', icon: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
  {
    key: 'earn',
    to: '/deposit',
    icon: 'M12 3v18M17 7.5c0-1.9-2.2-3-5-3s-5 1.1-5 3 2.2 2.8 5 3.5 5 1.6 5 3.5-2.2 3-5 3-5-1.1-5-3',
  },
] as const;

/** Spec §2 promo blocks: spot, lever, micro and earn, each opening its screen. */
export function Promos() {
  const { t } = useTranslation();
  return (
    <section className="home-section" aria-labelledby="promos-title">
      <div className="section-head">
        <div>
          <h2 id="promos-title">{t('home.promos.title')}</h2>
          <p>{t('home.promos.subtitle')}</p>
        </div>
      </div>
      <div className="promo-grid">
        {PROMOS.map((promo) => (
          <Link
            key={promo.key}
            to={promo.to}
            className={`promo-card panel promo-${promo.key}`}
            data-testid={`promo-${promo.key}`}
          >
            <span className="promo-icon" aria-hidden="true">
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={promo.icon} />
              </svg>
            </span>
            <h3>{t(`home.promos.${promo.key}.title`)}</h3>
            <p>{t(`home.promos.${promo.key}.body`)}</p>
            <span className="promo-cta">
              {t(`home.promos.${promo.key}.cta`)}
              <Arrow />
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

/** Spec §9 claims: over 130 countries, 5 years of experience; plus how many markets are live. */
export function Claims({ liveMarkets }: { liveMarkets: number }) {
  const { t } = useTranslation();
  return (
    <section className="claims-band" aria-label={t('home.claims.label')} data-testid="home-claims">
      <div className="claim">
        <span className="claim-value num">{t('home.claims.countriesValue', { value: CLAIM_COUNTRIES })}</span>
        <span className="claim-label">{t('home.claims.countries', { value: CLAIM_COUNTRIES })}</span>
      </div>
      <div className="claim">
        <span className="claim-value num">{t('home.claims.yearsValue', { value: CLAIM_YEARS })}</span>
        <span className="claim-label">{t('home.claims.years', { value: CLAIM_YEARS })}</span>
      </div>
      <div className="claim">
        <span className="claim-value num">{liveMarkets > 0 ? liveMarkets : '--'}</span>
        <span className="claim-label">{t('home.claims.markets')}</span>
      </div>
      <div className="claim">
        <span className="claim-value num">{t('home.claims.alwaysValue')}</span>
        <span className="claim-label">{t('home.claims.always')}</span>
      </div>
    </section>
  );
}

/** Help centre: the guides of news category 5. */
export function HelpCentre() {
  const { t } = useTranslation();
  const list = useNewsList(NEWS_CATEGORY.help);
  const items = list.status === 'ready' ? list.data.slice(0, 4) : [];
  return (
    <section className="help-centre panel" aria-labelledby="help-title" data-testid="home-help">
      <div className="section-head">
        <div>
          <h2 id="help-title">{t('home.help.title')}</h2>
          <p>{t('home.help.subtitle')}</p>
        </div>
        <Link className="section-link" to={`/notice?category_id=${NEWS_CATEGORY.help}`}>
          {t('home.help.all')}
          <Arrow />
        </Link>
      </div>
      <ul className="help-list">
        {items.map((item, index) => (
          <li key={item.id}>
            <Link to={noticeHref(item.id, NEWS_CATEGORY.help)}>
              <span className="help-index num" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <span className="help-title">{item.title}</span>
              <Arrow />
            </Link>
          </li>
        ))}
        {list.status === 'loading' &&
          [0, 1, 2, 3].map((index) => (
            <li key={index} aria-hidden="true">
              <span className="skeleton skeleton-text" />
            </li>
          ))}
      </ul>
    </section>
  );
}

const NEVER_CHANGES = () => () => undefined;

/**
 * The site's address: the page's own, known in the browser only. A prerendered page (built without
 * one) is hydrated with none and writes it right after, in a line kept at its height meanwhile.
 */
function useSiteUrl(): string | null {
  return useSyncExternalStore(
    NEVER_CHANGES,
    () => `${window.location.origin}/`,
    () => null,
  );
}

/** A QR code of the site's address, drawn locally (no request leaves the browser). */
export function DownloadQr() {
  const { t } = useTranslation();
  const siteUrl = useSiteUrl();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (siteUrl === null) return undefined;
    let live = true;
    qrDataUrl(siteUrl)
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [siteUrl]);
  return (
    <section className="download panel" aria-labelledby="download-title" data-testid="home-download">
      <div className="download-copy">
        <h2 id="download-title">{t('home.download.title')}</h2>
        <p>{t('home.download.body')}</p>
        <p className="download-url num">{siteUrl ?? '\u00a0'}</p>
      </div>
      <div className="download-qr">
        {image ? (
          <img
            src={image}
            width={148}
            height={148}
            alt={t('home.download.qrAlt', { url: siteUrl })}
            data-testid="home-qr"
          />
        ) : (
          <span className="skeleton" style={{ width: 148, height: 148 }} aria-hidden="true" />
        )}
        <span className="download-scan">{t('home.download.scan')}</span>
      </div>
    </section>
  );
}

/** The closing call to action, for visitors who scrolled all the way down. */
export function FinalCta() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  if (signedIn) return null;
  return (
    <section className="final-cta" aria-labelledby="final-cta-title">
      <h2 id="final-cta-title">{t('home.cta.title')}</h2>
      <p>{t('home.cta.body')}</p>
      <Link className="btn btn-primary btn-lg" to={registerHref('')}>
        {t('home.cta.button')}
      </Link>
    </section>
  );
}
