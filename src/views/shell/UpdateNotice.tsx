import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEVER } from 'rxjs';
import { useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';
import './update-notice.css';

/**
 * "A new version is ready": shown once the service worker has downloaded a new version of the app
 * (app/app-update.ts). Nothing reloads until the person presses Reload, so an order being typed is
 * never lost to an update; Later hides the notice until the next visit, which opens the new version.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const { appUpdate } = useServices();
  const ready = useObservable(appUpdate?.ready$ ?? NEVER, false);
  const [later, setLater] = useState(false);
  if (!appUpdate || !ready || later) return null;
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <span className="update-notice-text">{t('header.update.ready')}</span>
      <span className="update-notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => appUpdate.reload()}>
          {t('header.update.reload')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setLater(true)}>
          {t('header.update.later')}
        </button>
      </span>
    </div>
  );
}
