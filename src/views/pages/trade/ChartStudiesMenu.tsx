import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Drawing, DrawingTool } from '../../../domain/chart-studies/drawings.ts';
import { STUDIES, type Study } from '../../../domain/chart-studies/studies.ts';
import { useNumberText } from '../../use-number-text.ts';
import './chart-studies.css';

/**
 * The chart's studies and drawing tools: a disclosure in the chart's header with a checkbox per
 * study, the two drawing tools, and the drawings made on this pair and period, each removable. The
 * chart keeps the choices (per pair and period); this only shows them and says what changed.
 */
export function ChartStudiesMenu({
  studies,
  drawings,
  tool,
  onStudy,
  onTool,
  onRemove,
  onClear,
}: {
  studies: readonly Study[];
  drawings: readonly Drawing[];
  tool: DrawingTool | null;
  onStudy: (study: Study, on: boolean) => void;
  onTool: (tool: DrawingTool | null) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const numbers = useNumberText();
  const menu = useRef<HTMLDetailsElement>(null);
  const price = (value: number) => numbers.exact(value);
  // Taking up a tool closes the menu: the next click goes to the chart, which the menu may cover.
  const take = (next: DrawingTool | null) => {
    if (next !== null && menu.current) menu.current.open = false;
    onTool(next);
  };
  return (
    <details ref={menu} className="chart-studies" data-testid="chart-studies">
      <summary className="chart-studies-toggle">
        {t('trade.studies.title')}
        {drawings.length > 0 && <span className="chart-studies-count">{numbers.exact(drawings.length)}</span>}
      </summary>
      <div className="chart-studies-menu">
        <fieldset>
          <legend>{t('trade.studies.indicators')}</legend>
          {STUDIES.map((study) => (
            <label key={study} className="chart-studies-option">
              <input
                type="checkbox"
                checked={studies.includes(study)}
                onChange={(event) => onStudy(study, event.target.checked)}
                data-testid={`study-${study}`}
              />
              <span>{t(`trade.studies.name.${study}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('trade.studies.draw')}</legend>
          <div className="chart-studies-tools">
            {(['level', 'trend'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className={`chart-studies-tool${tool === kind ? ' active' : ''}`}
                aria-pressed={tool === kind}
                onClick={() => take(tool === kind ? null : kind)}
                data-testid={`draw-${kind}`}
              >
                {t(`trade.studies.tool.${kind}`)}
              </button>
            ))}
          </div>
          {drawings.length > 0 && (
            <ul className="chart-drawings" data-testid="chart-drawings">
              {drawings.map((drawing) => (
                <li key={drawing.id} data-testid={`drawing-${drawing.id}`}>
                  <span>
                    {drawing.kind === 'level'
                      ? t('trade.studies.levelAt', { price: price(drawing.price) })
                      : t('trade.studies.trendFrom', {
                          from: price(drawing.from.price),
                          to: price(drawing.to.price),
                        })}
                  </span>
                  <button
                    type="button"
                    className="chart-drawing-remove"
                    onClick={() => onRemove(drawing.id)}
                    aria-label={t('trade.studies.remove')}
                    title={t('trade.studies.remove')}
                  >
                    ×
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="chart-drawings-clear" onClick={onClear}>
                  {t('trade.studies.clear')}
                </button>
              </li>
            </ul>
          )}
        </fieldset>
      </div>
    </details>
  );
}
