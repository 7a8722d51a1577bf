import { useSyncExternalStore } from 'react';

/**
 * The theme and the up/down colour choice on <html> (data-theme, data-colors), as one key that
 * changes when either does: the chart's colours come from the design tokens both select.
 */
export interface ChartPalette {
  theme: 'dark' | 'light';
  key: string;
}

function read(): string {
  const { dataset } = document.documentElement;
  return `${dataset.theme === 'light' ? 'light' : 'dark'}/${dataset.colors ?? 'green-up'}`;
}

export function useChartPalette(): ChartPalette {
  const key = useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, {
        attributes: true,
        attributeFilter: ['data-theme', 'data-colors'],
      });
      return () => observer.disconnect();
    },
    read,
    () => 'dark/green-up',
  );
  return { theme: key.startsWith('light') ? 'light' : 'dark', key };
}
