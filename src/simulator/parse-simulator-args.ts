import { parseArgs } from 'node:util';
import type { SimulatorOptions } from './start-simulator.js';
import type { SimulatorProfile } from './simulator-profile.js';

/** The token the CLI uses when none is given (printed, since it is not a secret). */
export const demoToken = 'demo-token';

export const simulatorUsage = `Usage: npm run simulator -- [options]
  --port N            port to listen on, 0 for a free one (default 4010)
  --host H            address to listen on (default 127.0.0.1)
  --token T           the API token clients must send (default: ${demoToken}, printed)
  --members N         seeded club size, 20 to 5000 (default 250)
  --seed N            seed of the fictional club (default 1)
  --clubs N           club accounts to serve, 1 to 10000 (default 1): club n answers the token
                      <token>-<n>, seeded from seed + n - 1 on its first call, each with its own
                      daily limit
  --today yyyy-mm-dd  the club's today (default: today)
  --daily-limit N     calls per 24-hour window (default 5000)
  --remaining N       calls left in the first window (default: the daily limit)
  --latency-ms N      latency added to every call (default 0)
  --error-rate R      share of calls answered 500, 0 to 1 (default 0)
  --hang-rate R       share of calls never answered, 0 to 1 (default 0)
  --real[=2025]       records as the real service sends them, one form per field: member flags
                      "1"/"0" ("Yes"/"No" with =2025, as newer hosts), Archived an integer, every
                      field present ("" if empty), lists of { Guid }; bare layout unless --layout
  --chaos             every form the service has used, mixed record by record: a robustness test
                      of our own decoder, NOT the real service
  --layout L          paths to serve: spec (/api/Users, /api/ClubSessions, ...) or bare (/Members,
                      /ClubSessions, ...) (default bare with --real, spec otherwise)
  --spec-only         serve only the spec's collections: CodeOfConduct and NoticeBoard, which the
                      real host serves beyond the spec, answer 404 (default: served)
  --help              this text`;

/** What the CLI was asked for: options to start with, or the usage text. */
export type SimulatorArgs =
  | { kind: 'start'; options: SimulatorOptions & { port: number }; tokenDefaulted: boolean }
  | { kind: 'help' };

/** Reads the CLI's flags; throws an Error whose message says which flag is wrong and why. */
export function parseSimulatorArgs(args: readonly string[]): SimulatorArgs {
  const { values } = parseArgs({
    // `--real` alone is `--real=` (parseArgs wants a value for a string option).
    args: args.map((arg) => (arg === '--real' ? '--real=' : arg)),
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      members: { type: 'string' },
      seed: { type: 'string' },
      clubs: { type: 'string' },
      today: { type: 'string' },
      'daily-limit': { type: 'string' },
      remaining: { type: 'string' },
      'latency-ms': { type: 'string' },
      'error-rate': { type: 'string' },
      'hang-rate': { type: 'string' },
      real: { type: 'string' },
      chaos: { type: 'boolean' },
      quirks: { type: 'boolean' },
      'spec-only': { type: 'boolean' },
      layout: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { kind: 'help' };

  const whole = (flag: string, value: string | undefined, min: number, max: number) => {
    if (value === undefined) return undefined;
    const number = /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!(number >= min && number <= max)) {
      throw new Error(`--${flag} must be a whole number from ${min} to ${max}: "${value}"`);
    }
    return number;
  };
  const share = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const number = value.trim() === '' ? Number.NaN : Number(value);
    if (!(number >= 0 && number <= 1))
      throw new Error(`--${flag} must be a number from 0 to 1: "${value}"`);
    return number;
  };
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
    throw new Error(`--today must be a date yyyy-mm-dd: "${values.today}"`);
  }
  const { layout } = values;
  if (layout !== undefined && layout !== 'spec' && layout !== 'bare') {
    throw new Error(`--layout must be spec or bare: "${layout}"`);
  }
  const profile = profileOf(values);
  if (values.token !== undefined && values.token.trim() === '')
    throw new Error('--token must not be empty');

  return {
    kind: 'start',
    tokenDefaulted: values.token === undefined,
    options: {
      port: whole('port', values.port, 0, 65_535) ?? 4010,
      host: values.host,
      token: values.token ?? demoToken,
      members: whole('members', values.members, 20, 5000),
      seed: whole('seed', values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      clubs: whole('clubs', values.clubs, 1, 10_000),
      today: values.today,
      dailyLimit: whole('daily-limit', values['daily-limit'], 0, Number.MAX_SAFE_INTEGER),
      remaining: whole('remaining', values.remaining, 0, Number.MAX_SAFE_INTEGER),
      latencyMs: whole('latency-ms', values['latency-ms'], 0, 600_000),
      errorRate: share('error-rate', values['error-rate']),
      hangRate: share('hang-rate', values['hang-rate']),
      profile,
      layout,
      beyondSpec: !values['spec-only'],
    },
  };
}

/** The profile `--real`, `--real=2025` or `--chaos` asks for; `--quirks` is retired. */
function profileOf(values: { real?: string; chaos?: boolean; quirks?: boolean }): SimulatorProfile {
  if (values.quirks) {
    throw new Error(
      '--quirks is retired: use --real for records as the real service sends them, or --chaos for every form mixed record by record (a test of our own decoder)',
    );
  }
  if (values.real !== undefined && values.chaos)
    throw new Error('--real and --chaos exclude each other');
  if (values.chaos) return 'chaos';
  if (values.real === undefined) return 'spec';
  if (values.real === '') return 'real';
  if (values.real === '2025') return 'real-2025';
  throw new Error(`--real takes no value, or 2025: "${values.real}"`);
}
