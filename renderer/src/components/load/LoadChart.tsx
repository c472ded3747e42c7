/**
 * One line chart of a load run over time, drawn by uPlot on a canvas (uPlot runs no eval and
 * injects no <style>: it sets element styles through the DOM, which our CSP allows). Colours
 * come from the theme's tokens, resolved when the chart is drawn and again when the theme
 * changes, so the chart reads in light and dark alike. The chart is one image to assistive
 * technology; its label says the latest values.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** A theme token, e.g. `--accent`. */
  color: string;
  dash?: boolean;
}

interface Props {
  title: string;
  /** Seconds since the run started. */
  xs: number[];
  series: ChartSeries[];
  unit: string;
  height?: number;
}

/** The computed colour of a theme token (light-dark() resolved for the page's theme). */
function tokenColor(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

function describe(title: string, series: ChartSeries[], unit: string): string {
  const latest = series.map((s) => {
    const last = [...s.values].reverse().find((value) => value !== null && value !== undefined);
    return `${s.label} ${last === undefined || last === null ? '–' : `${Math.round(last * 100) / 100} ${unit}`}`;
  });
  return `${title}: ${latest.join(', ')}`;
}

export function LoadChart({ title, xs, series, unit, height = 180 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shape = series.map((s) => `${s.label}:${s.color}:${s.dash ? 1 : 0}`).join('|');

  // Built once per set of series; new points only call setData.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const build = () => {
      plot.current?.destroy();
      const fg = tokenColor(element, '--fg-muted');
      const grid = tokenColor(element, '--border');
      const options: uPlot.Options = {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, values: (_u, ticks) => ticks.map((t) => `${t}s`) },
          { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 56, label: unit, labelSize: 18 },
        ],
        series: [{ label: 't' }, ...series.map((s) => ({ label: s.label, stroke: tokenColor(element, s.color), width: 2, ...(s.dash ? { dash: [6, 4] } : {}), spanGaps: true }))],
      };
      plot.current = new uPlot(options, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, element);
    };
    build();
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    // The theme changes the tokens: draw again in the new colours.
    const theme = new MutationObserver(build);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', build);
    return () => {
      resize.disconnect();
      theme.disconnect();
      scheme.removeEventListener('change', build);
      plot.current?.destroy();
      plot.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the series themselves change; data goes through setData below
  }, [shape, unit, height]);

  useEffect(() => {
    plot.current?.setData([xs, ...series.map((s) => s.values)] as uPlot.AlignedData);
  }, [xs, series]);

  return (
    <figure className="load-chart">
      <figcaption>{title}</figcaption>
      <div ref={host} className="load-chart-canvas" role="img" aria-label={describe(title, series, unit)} data-points={xs.length} />
    </figure>
  );
}
