import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../src/config.js';
import { interpolate, interpolationsIn, MissingVariableError } from './compose-interpolation.js';
import { composeOnlyVariables, parseCompose, resolvedEnvironment } from './compose-model.js';
import { checkCompose, requiredConfigVariables } from './compose-rules.js';
import { checkEnvExample, filledEnvExample, parseEnvExample } from './env-example-rules.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const compose = read('docker-compose.yml');
const envExample = read('.env.example');
const demoEnv = parseEnvExample(read('demo.env'));
const filled = filledEnvExample(envExample);
const check = (text: string) => checkCompose(text, { demoEnv });

type Edit = [from: string | RegExp, to: string];

/** The compose file with pieces replaced (each piece must be there, or the test is wrong). */
function composeWith(...edits: Edit[]): string {
  return edits.reduce((text, [from, to]) => {
    const changed = text.replace(from, to);
    expect(changed, `docker-compose.yml should contain ${String(from)}`).not.toBe(text);
    return changed;
  }, compose);
}

/** The checks find at least these problems in `text`. */
function expectProblems(text: string, problems: string[]): void {
  expect(check(text)).toEqual(expect.arrayContaining(problems));
}

describe('compose interpolation', () => {
  it('when a value uses defaults, required and alternative forms, it resolves as compose does', () => {
    const env = { SET: 'yes', EMPTY: '' };
    expect(interpolate('${SET:-no}/${EMPTY:-fallback}/${EMPTY-kept}/${UNSET-default}', env)).toBe(
      'yes/fallback//default',
    );
    expect(interpolate('$SET ${SET:+alt} ${EMPTY:+alt}| $$SET', env)).toBe('yes alt | $SET');
    expect(() => interpolate('${UNSET:?set it in .env}', env)).toThrow(MissingVariableError);
    expect(() => interpolate('${EMPTY:?}', env)).toThrow(/EMPTY/);
    expect(interpolationsIn('$$NOT ${A:-x} $B').map((found) => found.name)).toEqual(['A', 'B']);
  });

  it('when a default itself interpolates, the inner variables resolve and are found', () => {
    const url = '${URL:-redis://${PASS:+:${PASS}@}redis:6379}';
    expect(interpolate(url, {})).toBe('redis://redis:6379');
    expect(interpolate(url, { PASS: 'secret' })).toBe('redis://:secret@redis:6379');
    expect(interpolate(url, { URL: 'redis://elsewhere', PASS: 'secret' })).toBe(
      'redis://elsewhere',
    );
    expect(interpolationsIn(url).map((found) => found.name)).toEqual(['URL', 'PASS', 'PASS']);
  });
});

describe('docker-compose.yml, checked without a Docker engine', () => {
  it('when the repository files are checked, with demo.env and with .env.example filled in, there are no problems', () => {
    expect(checkCompose(compose, { demoEnv, environments: { '.env.example': filled } })).toEqual(
      [],
    );
  });

  it('when .env.example is copied to .env unchanged, compose stops, naming the club service variables', () => {
    const problems = checkCompose(compose, {
      demoEnv,
      environments: { '.env': parseEnvExample(envExample) },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^bot \(\.env\): CLUB_API_URL: set CLUB_API_URL in \.env/),
      expect.stringMatching(/^worker \(\.env\): CLUB_API_URL: set CLUB_API_URL in \.env/),
    ]);
  });

  it('the contract requires REDIS_URL and compose requires the club service; the rest have defaults', () => {
    expect(requiredConfigVariables().sort()).toEqual([
      'CLUB_API_TOKEN',
      'CLUB_API_URL',
      'REDIS_URL',
    ]);
    const changed = composeWith([
      '${CLUB_API_TOKEN:?set CLUB_API_TOKEN in .env',
      '${CLUB_API_TOKEN:-demo-token} ${CLUB_API_TOKEN:-',
    ]);
    expectProblems(changed, [
      'bot: CLUB_API_TOKEN is not required (expected ${CLUB_API_TOKEN:?what to set})',
      'worker: CLUB_API_TOKEN is not required (expected ${CLUB_API_TOKEN:?what to set})',
    ]);
  });

  it('when the data key may be left empty, it says compose must require it: the bot would start only to stop', () => {
    const changed = composeWith([/\$\{CLUB_DATA_KEY:\?[^}]*\}/, '${CLUB_DATA_KEY:-}']);
    expectProblems(changed, [
      'bot: CLUB_DATA_KEY is not required (expected ${CLUB_DATA_KEY:?what to set})',
      'worker: CLUB_DATA_KEY is not required (expected ${CLUB_DATA_KEY:?what to set})',
    ]);
  });

  it("when the file defaults a variable to the demo's simulator or token, it says demo values belong in demo.env", () => {
    const changed = composeWith([
      /\$\{CLUB_API_URL:\?[^}]*\}/,
      '${CLUB_API_URL:-http://simulator:4010}',
    ]);
    expectProblems(changed, [
      "${CLUB_API_URL} defaults to the demo's CLUB_API_URL; demo values belong in demo.env",
      'bot: CLUB_API_URL is not required (expected ${CLUB_API_URL:?what to set})',
    ]);
  });

  it('when demo.env does not turn on the demo profile or point at the simulator, each is named', () => {
    const problems = checkCompose(compose, {
      demoEnv: { CLUB_API_URL: 'http://localhost:4010', CLUB_API_TOKEN: 'other-token' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'demo.env: does not turn on the demo profile (COMPOSE_PROFILES=demo)',
        "bot: with demo.env it does not use the demo's simulator",
        "worker: with demo.env it does not use the demo's simulator",
      ]),
    );
  });

  it('when REDIS_PASSWORD is set, REDIS_URL carries it; when not, REDIS_URL has no password', () => {
    const services = parseCompose(compose).services ?? {};
    const withPassword = { ...filled, REDIS_PASSWORD: 'b4d5e6' };
    expect(resolvedEnvironment(services.bot ?? {}, withPassword).REDIS_URL).toBe(
      'redis://:b4d5e6@redis:6379',
    );
    expect(resolvedEnvironment(services.worker ?? {}, filled).REDIS_URL).toBe('redis://redis:6379');
  });

  /** Edits that break one rule or more, and what the checks must then name. */
  const broken: { when: string; edits: Edit[]; problems: string[] }[] = [
    {
      when: 'Redis runs without AOF, may evict keys or has no memory ceiling',
      edits: [
        ['--appendonly yes', '--appendonly no'],
        ['noeviction', 'allkeys-lru'],
        ['--maxmemory 256mb ', ''],
      ],
      problems: [
        'redis: persistence is off (expected --appendonly yes)',
        'redis: the eviction policy is not noeviction (BullMQ needs every key)',
        'redis: no memory ceiling (expected --maxmemory <size>)',
      ],
    },
    {
      when: 'REDIS_PASSWORD reaches neither requirepass, the healthcheck nor REDIS_URL',
      edits: [
        [/ +if \[ -n "\$\$REDIS_PASSWORD" \]; then set -- .*\n/, ''],
        [
          '${REDIS_URL:-redis://${REDIS_PASSWORD:+:${REDIS_PASSWORD}@}redis:6379}',
          '${REDIS_URL:-redis://redis:6379}',
        ],
        ['export REDISCLI_AUTH="$$REDIS_PASSWORD"', 'true'],
      ],
      problems: [
        'redis: REDIS_PASSWORD does not become its requirepass',
        'redis: the healthcheck does not authenticate with REDIS_PASSWORD',
        'bot: REDIS_URL does not carry REDIS_PASSWORD',
        'worker: REDIS_URL does not carry REDIS_PASSWORD',
      ],
    },
    {
      when: 'Redis keeps its data outside a named volume or has no healthcheck',
      edits: [
        ['- redis-data:/data', '- ./redis:/data'],
        [/ {4}healthcheck:\n {6}test:\n {8}- CMD-SHELL\n.*\n/, '    x-no-healthcheck:\n'],
      ],
      problems: ['redis: /data is not on a named volume', 'redis: no healthcheck'],
    },
    {
      when: 'Redis, the ops port or a worker is published',
      edits: [
        ["      - '${PORT:-3000}:3000'\n", "      - '${PORT:-3000}:3000'\n      - '9464:9464'\n"],
        ["'--role', 'worker']", "'--role', 'worker']\n    ports: ['9465:9464']"],
        ['    volumes:\n      - redis-data:/data', "    ports: ['6379:6379']\n    volumes: []"],
      ],
      problems: [
        'bot: publishes 9464 besides PORT (the ops port is private)',
        'worker: publishes a port, so --scale worker=N clashes',
        'redis: publishes a port (only the compose network may reach Redis)',
      ],
    },
    {
      when: "the ops port listens on loopback only, out of a Prometheus container's reach",
      edits: [['OPS_HOST: 0.0.0.0', 'OPS_HOST: 127.0.0.1']],
      problems: [
        'bot: OPS_HOST is not 0.0.0.0, so nothing in the network can scrape it',
        'worker: OPS_HOST is not 0.0.0.0, so nothing in the network can scrape it',
      ],
    },
    {
      when: 'a service has no log size limit',
      edits: [
        ["    max-file: '3'\n", ''],
        ['    restart: unless-stopped\n    logging: *logging\n', '    restart: unless-stopped\n'],
      ],
      problems: [
        'redis: its logs have no size limit (json-file with max-size and max-file)',
        'bot: its logs have no size limit (json-file with max-size and max-file)',
        'simulator: its logs have no size limit (json-file with max-size and max-file)',
      ],
    },
    {
      when: 'a service sets or interpolates a variable the contract does not know',
      edits: [
        [
          '  LOG_LEVEL: ${LOG_LEVEL:-info}',
          '  LOG_LEVEL: ${LOG_LEVEL:-info}\n  CLUB_API_KEY: ${SLACK_TOKEN}\n  REDIS_PASSWORD: x',
        ],
      ],
      problems: [
        '${SLACK_TOKEN} is not a variable of the configuration contract (src/config.ts)',
        'bot: CLUB_API_KEY is not a variable of the configuration contract',
        'worker: CLUB_API_KEY is not a variable of the configuration contract',
        'bot: REDIS_PASSWORD is not a variable of the configuration contract',
      ],
    },
    {
      when: 'a required variable is neither set nor passed through',
      edits: [[/ {2}REDIS_URL: .*\n/, '']],
      problems: [
        'bot: the required REDIS_URL is neither set nor passed through',
        'worker: the required REDIS_URL is neither set nor passed through',
      ],
    },
    {
      when: 'the worker has a container name or the bot runs another role',
      edits: [
        ["'--role', 'worker']", "'--role', 'worker']\n    container_name: worker"],
        ["'--role', 'bot']", "'--role', 'all']"],
      ],
      problems: [
        'worker: has a container_name, so --scale worker=N cannot work',
        'bot: the command is not node dist/main.js --role bot',
      ],
    },
    {
      when: 'the simulator leaves the demo profile, loses the demo stage or listens on loopback',
      edits: [
        ['profiles: [demo]', 'profiles: [test]'],
        ['      target: demo\n', ''],
        ['- --host\n      - 0.0.0.0\n', ''],
      ],
      problems: [
        'simulator: not in the demo profile',
        "simulator: is not built from the image's demo stage (build.target: demo)",
        'simulator: listens on loopback only (expected --host 0.0.0.0)',
      ],
    },
  ];

  it.each(broken.map((found) => [found.when, found] as const))(
    'when %s, each is named',
    (_, { edits, problems }) => {
      expectProblems(composeWith(...edits), problems);
    },
  );

  it('when a default breaks the contract, loadConfig says what, for each role', () => {
    const changed = composeWith(['${CLUB_DAILY_LIMIT:-5000}', '${CLUB_DAILY_LIMIT:-lots}']);
    const problems = check(changed);
    expect(problems.some((problem) => problem.startsWith('bot (demo.env): CLUB_DAILY_LIMIT'))).toBe(
      true,
    );
    expect(
      problems.some((problem) => problem.startsWith('worker (demo.env): CLUB_DAILY_LIMIT')),
    ).toBe(true);
  });

  it('when a service is missing or the file is not YAML, it says so', () => {
    expect(check('services:\n  redis: {}\n')).toEqual(
      expect.arrayContaining([
        'there is no "bot" service',
        'there is no "worker" service',
        'there is no "simulator" service',
      ]),
    );
    expect(check('services: [\n')[0]).toMatch(/^it is not valid YAML/);
  });

  it('when the validation script runs, it passes the repository and exits 0', async () => {
    const { stdout } = await run('node', ['--import', 'tsx', 'test/ops/validate-compose.ts'], {
      cwd: root,
    });
    expect(stdout).toContain('agree with the configuration contract');
  });
});

describe('.env.example', () => {
  it('lists every variable of the contract and REDIS_PASSWORD for compose, each under a comment', () => {
    expect(checkEnvExample(envExample)).toEqual([]);
    expect(Object.keys(parseEnvExample(envExample)).sort()).toEqual(
      [...configVariables, ...composeOnlyVariables].sort(),
    );
  });

  it('when a variable is missing, uncommented or unknown, each is named', () => {
    const changed = envExample
      .replace(/^LOG_LEVEL=.*\n/m, '')
      .replace(/^REDIS_PASSWORD=.*\n/m, '')
      .replace(/^# How long one club-service call.*\n/m, '')
      .concat('CLUB_SECRET=x\n');
    expect(checkEnvExample(changed)).toEqual([
      'CLUB_API_TIMEOUT_MS has no comment above it',
      'LOG_LEVEL is missing',
      'REDIS_PASSWORD is missing',
      'CLUB_SECRET is not a variable of the configuration contract',
    ]);
  });
});
