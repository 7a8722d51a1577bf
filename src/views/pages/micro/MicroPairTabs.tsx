import { useTranslation } from 'react-i18next';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';

/** Spec §2 Micro: a tab per pair open for micro trading (quoted in USDT); the chosen one is lit. */
export function MicroPairTabs({
  pairs,
  activeId,
  onChoose,
}: {
  pairs: readonly TradePair[];
  activeId: number;
  onChoose: (pair: TradePair) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="micro-pairs" role="tablist" aria-label={t('micro.pairs')}>
      {pairs.map((each) => (
        <button
          key={each.id}
          type="button"
          role="tab"
          aria-selected={each.id === activeId}
          className={each.id === activeId ? 'micro-pair active' : 'micro-pair'}
          onClick={() => onChoose(each)}
        >
          {each.symbol}
        </button>
      ))}
    </div>
  );
}
