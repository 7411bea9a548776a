import type { Figure } from './figure.js';
import type { MachineInfo } from './machine-info.js';

/** What `latest.json` holds. */
export interface BenchReport {
  date: string;
  mode: 'quick' | 'full';
  durationSeconds: number;
  machine: MachineInfo & { loadAverageAtEnd: number[] };
  versions: Record<string, string>;
  figures: Figure[];
  /** How each benchmark was run, by benchmark id. */
  methods: Record<string, string>;
  /** File name of the B5 plot beside the report, when B5 ran. */
  plot?: string;
}

const verdict = (figure: Figure) => (figure.met === null ? '—' : figure.met ? 'met' : '**missed**');

const valueText = (figure: Figure) =>
  `${figure.value.toLocaleString('en-GB', { maximumFractionDigits: 3 })}${figure.unit === '×' ? '×' : ` ${figure.unit}`}`;

/** One table of every figure with its target and verdict. */
export function figuresTable(figures: readonly Figure[]): string {
  const rows = figures.map(
    (figure) =>
      `| ${figure.id} | ${figure.name} | ${valueText(figure)} | ${figure.target ?? '—'} | ${verdict(figure)} |`,
  );
  return ['| id | figure | value | target | verdict |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** The machine and versions in one sentence. */
export function machineLine(report: BenchReport): string {
  const { machine, versions } = report;
  const tools = Object.entries(versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  return (
    `${report.mode === 'full' ? 'Full' : 'Quick'} run of ${report.date.slice(0, 16).replace('T', ' ')} UTC ` +
    `(${Math.round(report.durationSeconds / 60)} min) on ${machine.cores} × ${machine.cpuModel}, ` +
    `${machine.memoryGb} GB, ${machine.platform}; load average ${machine.loadAverage.join(' / ')} at the start, ` +
    `${machine.loadAverageAtEnd.join(' / ')} at the end. ${tools}.`
  );
}

/** `latest.md`: the machine, one table of all figures with target and verdict, the B5 plot, and how each was measured. */
export function markdownReport(report: BenchReport): string {
  const missed = report.figures.filter((figure) => figure.met === false);
  const met = report.figures.filter((figure) => figure.met === true);
  const methods = Object.entries(report.methods).map(([id, text]) => `- **${id}** ${text}`);
  return [
    '# Benchmarks: the latest run',
    '',
    machineLine(report),
    '',
    `${met.length} targets met, ${missed.length} missed${missed.length ? ` (${missed.map((figure) => figure.id).join(', ')})` : ''}.`,
    '',
    figuresTable(report.figures),
    '',
    ...(report.plot ? [`![B5: growth with club size](${report.plot})`, ''] : []),
    '## How each figure is measured',
    '',
    ...methods,
    '',
    'Reproduce with `npm run bench` (`-- --quick` for a shorter run). Figures depend on the machine and its load.',
    '',
  ].join('\n');
}
