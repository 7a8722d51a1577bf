import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A route whose page belongs to a later issue: plainly "coming soon", never a fake page. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const page = t(titleKey);
  return (
    <section className="panel page-panel" data-testid="coming-soon">
      <svg
        aria-hidden="true"
        width="48"
        height="48"
        viewBox="0 0 24 24"
        fill="none"
        stroke="var(--brand)"
        strokeWidth="1.6"
      >
        <rect x="3" y="3" width="7" height="7" rx="1.5" />
        <rect x="14" y="3" width="7" height="7" rx="1.5" />
        <rect x="3" y="14" width="7" height="7" rx="1.5" />
        <rect x="14" y="14" width="7" height="7" rx="1.5" strokeDasharray="3 2" />
      </svg>
      <h1>{t('comingSoon.title', { page })}</h1>
      <p>{t('comingSoon.body')}</p>
      <Link className="btn btn-primary" to="/home">
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="panel page-panel" data-testid="not-found">
      <h1>{t('pages.notFound')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="btn btn-primary" to="/home">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
