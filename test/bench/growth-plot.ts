import type { GrowthPoint } from './b5-growth.js';

interface Series {
  label: string;
  colour: string;
  values: number[];
  dashed?: boolean;
}

interface Panel {
  title: string;
  unit: string;
  series: Series[];
  /** A horizontal target line. */
  limit?: { value: number; label: string };
}

const width = 300;
const height = 230;
const margin = { top: 34, right: 14, bottom: 44, left: 48 };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An axis from 0 past `value` in at most 4 round steps (1, 2, 2.5 or 5 times a power of ten). */
export function niceAxis(value: number): { max: number; step: number } {
  if (!(value > 0)) return { max: 1, step: 0.25 };
  const raw = value / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((s) => s * power >= raw) ?? 10) * power;
  return { max: Math.ceil(value / step) * step, step };
}

function panel(spec: Panel, members: readonly number[], offsetX: number): string {
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const all = [...spec.series.flatMap((s) => s.values), spec.limit?.value ?? 0].filter(
    Number.isFinite,
  );
  const axis = niceAxis(Math.max(...all, 0) * 1.05);
  const yMax = axis.max;
  const [lo, hi] = [Math.log10(Math.min(...members)), Math.log10(Math.max(...members))];
  const x = (n: number) =>
    margin.left + (hi === lo ? plotW / 2 : ((Math.log10(n) - lo) / (hi - lo)) * plotW);
  const y = (v: number) => Math.round((margin.top + plotH - (v / yMax) * plotH) * 10) / 10;
  const parts: string[] = [`<g transform="translate(${offsetX},0)">`];
  parts.push(
    `<text x="${width / 2}" y="18" text-anchor="middle" font-weight="bold">${escapeXml(spec.title)}</text>`,
  );
  for (let value = 0; value <= yMax + axis.step / 2; value += axis.step) {
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(value)}" y2="${y(value)}" stroke="#ddd"/>`,
      `<text x="${margin.left - 6}" y="${y(value) + 4}" text-anchor="end">${Number(value.toPrecision(3))}</text>`,
    );
  }
  for (const n of members) {
    parts.push(
      `<text x="${x(n)}" y="${height - margin.bottom + 16}" text-anchor="middle">${n.toLocaleString('en-GB')}</text>`,
    );
  }
  parts.push(
    `<text x="${margin.left + plotW / 2}" y="${height - 8}" text-anchor="middle">members (log scale)</text>`,
    `<text x="12" y="${margin.top + plotH / 2}" text-anchor="middle" transform="rotate(-90 12 ${margin.top + plotH / 2})">${escapeXml(spec.unit)}</text>`,
    `<rect x="${margin.left}" y="${margin.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  );
  if (spec.limit) {
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(spec.limit.value)}" y2="${y(spec.limit.value)}" stroke="#c0392b" stroke-dasharray="5 4"/>`,
      `<text x="${margin.left + 8}" y="${y(spec.limit.value) - 5}" fill="#c0392b">${escapeXml(spec.limit.label)}</text>`,
    );
  }
  spec.series.forEach((series, index) => {
    const points = members
      .map((n, i) => [x(n), y(series.values[i] ?? Number.NaN)] as const)
      .filter(([, py]) => Number.isFinite(py));
    parts.push(
      `<polyline fill="none" stroke="${series.colour}" stroke-width="2"${series.dashed ? ' stroke-dasharray="6 3"' : ''} points="${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}"/>`,
      ...points.map(
        ([px, py]) =>
          `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3.5" fill="${series.colour}"/>`,
      ),
      `<text x="${margin.left + 8}" y="${margin.top + 16 + index * 15}" fill="${series.colour}">${escapeXml(series.label)}</text>`,
    );
  });
  parts.push('</g>');
  return parts.join('\n');
}

/**
 * Pure: B5's growth curves as a standalone SVG, three panels against club size (log scale):
 * club calls per full refresh (with ⌈N/100⌉ for comparison), /session latency p50 and p95, and
 * the worker's peak RSS with its 200 MB limit.
 */
export function growthPlotSvg(points: readonly GrowthPoint[]): string {
  const members = points.map((point) => point.members);
  const panels: Panel[] = [
    {
      title: 'Club calls per full refresh',
      unit: 'calls',
      series: [
        { label: 'measured', colour: '#1f77b4', values: points.map((p) => p.callsPerRefresh) },
        {
          label: '⌈N/100⌉',
          colour: '#7f7f7f',
          dashed: true,
          values: points.map((p) => Math.ceil(p.members / 100)),
        },
      ],
    },
    {
      title: '/session latency, warm cache',
      unit: 'ms',
      series: [
        { label: 'p50', colour: '#2ca02c', values: points.map((p) => p.sessionP50Ms) },
        {
          label: 'p95',
          colour: '#ff7f0e',
          dashed: true,
          values: points.map((p) => p.sessionP95Ms),
        },
      ],
    },
    {
      title: 'Worker peak RSS',
      unit: 'MB',
      series: [{ label: 'VmHWM', colour: '#9467bd', values: points.map((p) => p.workerPeakRssMb) }],
      limit: { value: 200, label: 'target ≤ 200 MB' },
    },
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * panels.length}" height="${height}" viewBox="0 0 ${width * panels.length} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...panels.map((spec, index) => panel(spec, members, index * width)),
    '</svg>',
    '',
  ].join('\n');
}
