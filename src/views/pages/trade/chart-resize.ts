/** What chart-resize needs of an ECharts instance. */
interface Resizable {
  resize(): void;
}

/**
 * Resizes `chart` whenever its box changes size, and only then. A ResizeObserver reports every
 * observed box once as soon as it observes it; ECharts' `resize()` redraws the whole chart at once,
 * in the caller's task, so that first report drew a chart just created a second time in the same
 * task: on /trade under Lighthouse's 4x slower CPU the first draw's task went from about 600 to
 * about 900 ms with it. The box's size at init is the chart's own (ECharts reads it then).
 */
export function resizeWithBox(element: HTMLElement, chart: Resizable): ResizeObserver {
  let size = `${element.clientWidth}x${element.clientHeight}`;
  const observer = new ResizeObserver(() => {
    const next = `${element.clientWidth}x${element.clientHeight}`;
    if (next === size) return;
    size = next;
    chart.resize();
  });
  observer.observe(element);
  return observer;
}
