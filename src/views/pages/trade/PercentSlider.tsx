import { useTranslation } from 'react-i18next';
import { SLIDER_MARKS, SLIDER_MAX, SLIDER_STEP } from '../../../domain/spot/slider.ts';

/** Spec §5: the percent slider, 0 to 100 in steps of 25, with a mark per step to click. */
export function PercentSlider({
  value,
  side,
  onChange,
  disabled,
}: {
  value: number;
  side: 'buy' | 'sell';
  onChange: (percent: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`percent-slider slider-${side}`} style={{ ['--fill' as string]: `${value}%` }}>
      <input
        type="range"
        min={0}
        max={SLIDER_MAX}
        step={SLIDER_STEP}
        value={value}
        disabled={disabled}
        aria-label={t('trade.form.percent')}
        aria-valuetext={t('trade.form.percentValue', { value })}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={`slider-${side}`}
      />
      <div className="slider-marks">
        {SLIDER_MARKS.map((mark) => (
          <button
            key={mark}
            type="button"
            className={mark <= value ? 'reached' : ''}
            disabled={disabled}
            onClick={() => onChange(mark)}
            aria-label={t('trade.form.percentValue', { value: mark })}
            data-testid={`slider-${side}-${mark}`}
          >
            <span className="slider-dot" aria-hidden="true" />
            <span className="slider-label">{t('trade.form.percentValue', { value: mark })}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
