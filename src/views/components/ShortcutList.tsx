import { useTranslation } from 'react-i18next';
import { TRADE_SHORTCUTS } from '../../domain/trade-shortcuts.ts';
import './shortcuts.css';

/**
 * Every keyboard shortcut of the trade screen with what it does, in the reader's language: the `?`
 * sheet shows it, and so does the personal settings page, from the one list (domain/trade-shortcuts.ts).
 */
export function ShortcutList() {
  const { t } = useTranslation();
  return (
    <dl className="shortcut-list" data-testid="shortcut-list">
      {TRADE_SHORTCUTS.map((shortcut) => (
        <div key={shortcut.id} className="shortcut-row">
          <dt>
            <kbd>
              {shortcut.key === 'X' ? t('trade.keys.shiftWith', { key: 'X' }) : shortcut.key.toUpperCase()}
            </kbd>
          </dt>
          <dd>{t(`trade.keys.action.${shortcut.id}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
