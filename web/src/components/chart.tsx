import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  color: string;
}

/**
 * A per-day time-series chart (uPlot: ~50 KB, canvas, no runtime dependencies, styles set through
 * the CSSOM so the page's CSP needs no 'unsafe-inline'). The dashboard also gives the figures as
 * a table for screen readers.
 */
export function Chart({
  title,
  dates,
  series,
  unit = '',
  height = 220,
}: {
  title: string;
  dates: string[];
  series: ChartSeries[];
  unit?: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const width = () => Math.max(240, el.clientWidth);
    const opts: uPlot.Options = {
      width: width(),
      height,
      scales: {
        x: { time: true },
        y: { range: (_u, _min, max) => [0, Math.max(unit ? 10 : 4, Math.ceil(max * 1.15))] },
      },
      axes: [
        { stroke: '#56606b', grid: { stroke: '#eef1f4' } },
        {
          stroke: '#56606b',
          grid: { stroke: '#eef1f4' },
          size: unit ? 64 : 44,
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? `${t}${unit && ` ${unit}`}` : '')),
        },
      ],
      series: [
        { label: 'Day', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: `${s.color}1a`,
          spanGaps: true,
          points: { show: dates.length <= 31, size: 6 },
        })),
      ],
      legend: { live: false },
    };
    const plot = new uPlot(opts, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, series, height, unit]);
  return <div ref={box} className="chart" role="img" aria-label={title} />;
}
