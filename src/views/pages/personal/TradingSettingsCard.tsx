import { useTranslation } from 'react-i18next';
import { traderPrefs } from '../../../machines/trader-prefs.ts';
import { ShortcutList } from '../../components/ShortcutList.tsx';
import { useTraderPrefs } from '../../use-trader-prefs.ts';

/**
 * The trader's habits on the trading screens (issue 33 items 2 and 6): keyboard trading, on by
 * default, with every shortcut listed; and the "pro" setting that places orders without the
 * confirmation dialogs, off by default, which says plainly what it costs while it is on.
 */
export function TradingSettingsCard() {
  const { t } = useTranslation();
  const prefs = useTraderPrefs();
  return (
    <section className="card" aria-labelledby="trading-title" data-testid="trading-settings">
      <div className="card-head">
        <div>
          <h2 id="trading-title">{t('personal.trading.title')}</h2>
          <p className="card-lead">{t('personal.trading.lead')}</p>
        </div>
      </div>
      <label className="trading-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={prefs.shortcuts}
          onChange={(event) => traderPrefs.set({ shortcuts: event.target.checked })}
          data-testid="toggle-shortcuts"
        />
        <span>
          <span className="setting-title">{t('personal.trading.shortcuts')}</span>
          <span className="setting-desc">{t('personal.trading.shortcutsDesc')}</span>
        </span>
      </label>
      {prefs.shortcuts ? <ShortcutList /> : null}
      <label className="trading-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={prefs.skipConfirm}
          onChange={(event) => traderPrefs.set({ skipConfirm: event.target.checked })}
          aria-describedby={prefs.skipConfirm ? 'pro-warning' : undefined}
          data-testid="toggle-pro"
        />
        <span>
          <span className="setting-title">{t('personal.trading.pro')}</span>
          <span className="setting-desc">{t('personal.trading.proDesc')}</span>
        </span>
      </label>
      {prefs.skipConfirm ? (
        <p id="pro-warning" className="trading-warning" role="alert" data-testid="pro-warning">
          {t('personal.trading.proWarning')}
        </p>
      ) : null}
    </section>
  );
}
