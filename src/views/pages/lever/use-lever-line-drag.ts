import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { NumberText } from '../../../domain/number-locale.ts';
import type { leverPositionsMachine } from '../../../machines/lever-positions.machine.ts';
import type { LineDrag } from '../trade/ChartLineGrips.tsx';
import { draggedLineOf, leverPnlAtLine, pnlText, type LeverMarkWords } from './lever-chart-marks.ts';

type PositionsRef = ActorRefFrom<typeof leverPositionsMachine>;

/**
 * The lever chart's dragged take-profit and stop-loss lines: while dragged, the line says its price
 * and the PnL the position would close with there (the label's own words); let go, the position's
 * TP/SL dialog opens with that leg's price typed in, to confirm. The dialog checks it by the rules
 * of typing (a price on the wrong side of the entry is refused with its message and cannot be
 * saved) and saves through lever/setstop like any other change; nothing is sent before Save.
 * The pointer's price is taken at the pair's decimals.
 */
export function useLeverLineDrag(
  positions: PositionsRef,
  priceDecimals: number,
  words: LeverMarkWords,
  numbers: NumberText,
): LineDrag {
  return useMemo<LineDrag>(
    () => ({
      label: (id, price) => {
        const text = price.toFixed(priceDecimals);
        const line = draggedLineOf(id);
        const position = line && positions.getSnapshot().context.open.find((row) => row.id === line.id);
        if (!line || !position) return numbers.price(text, priceDecimals);
        const pnl = pnlText(leverPnlAtLine(position, text), words.quote, numbers);
        return `${words[line.leg]} ${numbers.price(text, priceDecimals)} · ${pnl}`;
      },
      drop: (id, price) => {
        const line = draggedLineOf(id);
        if (!line) return;
        positions.send({
          type: 'STOP',
          id: line.id,
          moved: { leg: line.leg, price: price.toFixed(priceDecimals) },
        });
      },
    }),
    [positions, priceDecimals, words, numbers],
  );
}
