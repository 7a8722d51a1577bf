import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useDocumentTheme } from '../../components/use-document-theme.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { EMBED_HEIGHT, embedTarget } from './embed-policy.ts';
import './white.css';

/** Spec §2 "External buy page": the page at setting white_url, embedded 800 high. */
export default function WhitePage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const setting = useLoadable(queries.general.setting$('white_url'));
  const theme = useDocumentTheme();

  // A failed load is shown as "not configured", like an empty setting.
  const url = setting.status === 'ready' ? String(setting.data) : null;
  const target = setting.status === 'loading' ? null : embedTarget(url, window.location.origin, theme);

  return (
    <div className="white-page">
      <header className="white-head">
        <div>
          <h1>{t('white.title')}</h1>
          <p>{t('white.subtitle')}</p>
        </div>
        {target?.kind === 'ok' && (
          <a className="btn btn-outline" href={target.src} target="_blank" rel="noopener noreferrer">
            {t('white.openNewTab')}
          </a>
        )}
      </header>
      <div className="white-frame panel" style={{ minHeight: EMBED_HEIGHT }} aria-busy={target === null}>
        {target === null && <span className="visually-hidden">{t('white.loading')}</span>}
        {target?.kind === 'ok' && (
          <iframe
            title={t('white.frameTitle')}
            src={target.src}
            height={EMBED_HEIGHT}
            sandbox={target.sandbox}
            referrerPolicy="strict-origin-when-cross-origin"
            allow="payment"
            loading="eager"
            data-testid="white-frame"
          />
        )}
        {(target?.kind === 'none' || target?.kind === 'invalid') && (
          <div className="white-empty" data-testid="white-none">
            <EmptyState title={t(target.kind === 'none' ? 'white.notConfigured' : 'white.invalid')}>
              <p>{t('white.notConfiguredHint')}</p>
              <Link className="btn btn-primary" to="/markets">
                {t('white.goMarkets')}
              </Link>
            </EmptyState>
          </div>
        )}
      </div>
      <p className="white-note">{t('white.disclaimer')}</p>
    </div>
  );
}
