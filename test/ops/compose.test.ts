import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../src/config.js';
import { interpolate, interpolationsIn, MissingVariableError } from './compose-interpolation.js';
import { checkCompose, requiredConfigVariables } from './compose-rules.js';
import { checkDockerfile } from './dockerfile-rules.js';
import { checkEnvExample, parseEnvExample } from './env-example-rules.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const compose = read('docker-compose.yml');
const dockerfile = read('Dockerfile');
const envExample = read('.env.example');

/** The compose file with one piece replaced (the piece must be there, or the test is wrong). */
function composeWith(from: string | RegExp, to: string): string {
  const changed = compose.replace(from, to);
  expect(changed, `docker-compose.yml should contain ${String(from)}`).not.toBe(compose);
  return changed;
}

function dockerfileWith(from: string | RegExp, to: string): string {
  const changed = dockerfile.replace(from, to);
  expect(changed, `Dockerfile should contain ${String(from)}`).not.toBe(dockerfile);
  return changed;
}

/** Whether `docker compose` itself is here (the plugin needs no engine for `config`). */
function composeAvailable(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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
});

describe('docker-compose.yml, checked without a Docker engine', () => {
  it('when the repository files are checked, with no .env and with .env.example copied to .env, there are no problems', () => {
    expect(
      checkCompose(compose, {
        environments: { 'no .env': {}, '.env.example': parseEnvExample(envExample) },
      }),
    ).toEqual([]);
  });

  it('the required variables are the ones without a default in the contract', () => {
    expect(requiredConfigVariables().sort()).toEqual([
      'CLUB_API_TOKEN',
      'CLUB_API_URL',
      'REDIS_URL',
    ]);
  });

  it('when Redis runs without AOF or may evict keys, each is named', () => {
    const changed = composeWith("- 'yes'", "- 'no'").replace('noeviction', 'allkeys-lru');
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        'redis: persistence is off (expected --appendonly yes)',
        'redis: the eviction policy is not noeviction (BullMQ needs every key)',
      ]),
    );
  });

  it('when Redis keeps its data outside a named volume or has no healthcheck, each is named', () => {
    const changed = composeWith('- redis-data:/data', '- ./redis:/data').replace(
      / {4}healthcheck:\n {6}test: \['CMD', 'redis-cli', 'ping'\]\n/,
      '    x-no-healthcheck:\n      test: []\n',
    );
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining(['redis: /data is not on a named volume', 'redis: no healthcheck']),
    );
  });

  it('when a service sets or interpolates a variable the contract does not know, it is named', () => {
    const changed = composeWith(
      '  LOG_LEVEL: ${LOG_LEVEL:-info}',
      '  LOG_LEVEL: ${LOG_LEVEL:-info}\n  CLUB_API_KEY: ${SLACK_TOKEN}',
    );
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        '${SLACK_TOKEN} is not a variable of the configuration contract (src/config.ts)',
        'bot: CLUB_API_KEY is not a variable of the configuration contract',
        'worker: CLUB_API_KEY is not a variable of the configuration contract',
      ]),
    );
  });

  it('when a required variable is neither set nor passed through, it is named for each role', () => {
    const changed = composeWith(/ {2}REDIS_URL: .*\n/, '');
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        'bot: the required REDIS_URL is neither set nor passed through',
        'worker: the required REDIS_URL is neither set nor passed through',
      ]),
    );
  });

  it('when a required variable is passed through as ${VAR:?} or bare, it counts as passed', () => {
    const required = composeWith(
      / {2}REDIS_URL: .*\n/,
      '  REDIS_URL: ${REDIS_URL:?set REDIS_URL}\n',
    );
    const bare = composeWith(/ {2}REDIS_URL: .*\n/, '  REDIS_URL:\n');
    const withRedis = { environments: { '.env': { REDIS_URL: 'redis://elsewhere:6379' } } };
    expect(checkCompose(required, withRedis)).toEqual([]);
    expect(checkCompose(bare, withRedis)).toEqual([]);
    // Without it, compose itself stops (":?") or the bot does (bare): both are reported.
    expect(checkCompose(required)).toEqual(
      expect.arrayContaining(['bot (no .env): REDIS_URL: set REDIS_URL']),
    );
    expect(checkCompose(bare)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^bot \(no \.env\): REDIS_URL is required/)]),
    );
  });

  it('when a default breaks the contract, loadConfig says what, for each role', () => {
    const changed = composeWith('${CLUB_DAILY_LIMIT:-5000}', '${CLUB_DAILY_LIMIT:-lots}');
    const problems = checkCompose(changed);
    expect(
      problems.some((problem) =>
        problem.startsWith('bot (no .env): CLUB_DAILY_LIMIT was rejected'),
      ),
    ).toBe(true);
    expect(
      problems.some((problem) => problem.startsWith('worker (no .env): CLUB_DAILY_LIMIT')),
    ).toBe(true);
  });

  it('when the worker publishes a port or has a container name, scaling is said to break', () => {
    const changed = composeWith(
      "'--role', 'worker']",
      "'--role', 'worker']\n    container_name: worker\n    ports: ['3001:3000']",
    );
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        'worker: publishes a port, so --scale worker=N clashes',
        'worker: has a container_name, so --scale worker=N cannot work',
      ]),
    );
  });

  it('when the bot runs another role or does not publish its PORT, it is named', () => {
    const changed = composeWith("'--role', 'bot']", "'--role', 'all']").replace(
      "'${PORT:-3000}:3000'",
      "'${PORT:-3000}:8080'",
    );
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        'bot: the command is not node dist/main.js --role bot',
        'bot: its PORT (3000) is not published',
      ]),
    );
  });

  it('when the simulator leaves the demo profile or the bot would not reach it, it is named', () => {
    const changed = composeWith('profiles: [demo]', 'profiles: [test]')
      .replaceAll(
        '${CLUB_API_URL:-http://simulator:4010}',
        '${CLUB_API_URL:-http://localhost:4010}',
      )
      .replace('- --host\n      - 0.0.0.0\n', '');
    expect(checkCompose(changed)).toEqual(
      expect.arrayContaining([
        'simulator: not in the demo profile',
        'simulator: listens on loopback only (expected --host 0.0.0.0)',
        "bot: without CLUB_API_URL it does not use the demo's simulator",
        "worker: without CLUB_API_URL it does not use the demo's simulator",
      ]),
    );
  });

  it('when a service is missing or the file is not YAML, it says so', () => {
    expect(checkCompose('services:\n  redis: {}\n')).toEqual(
      expect.arrayContaining([
        'there is no "bot" service',
        'there is no "worker" service',
        'there is no "simulator" service',
      ]),
    );
    expect(checkCompose('services: [\n')[0]).toMatch(/^it is not valid YAML/);
  });

  it('when the validation script runs, it passes the repository and exits 0', async () => {
    const { stdout } = await run('node', ['--import', 'tsx', 'test/ops/validate-compose.ts'], {
      cwd: root,
    });
    expect(stdout).toContain('agree with the configuration contract');
  });

  it.skipIf(!composeAvailable())(
    'when docker compose is installed, it accepts the file too',
    async () => {
      await run('docker', ['compose', '-f', 'docker-compose.yml', 'config', '--quiet'], {
        cwd: root,
        env: { ...process.env, COMPOSE_PROFILES: 'demo' },
      });
    },
  );
});

describe('the Dockerfile, checked statically', () => {
  it('when the repository Dockerfile is checked, there are no problems', () => {
    expect(checkDockerfile(dockerfile)).toEqual([]);
  });

  it('when it is a single stage on another base, running as root, each is named', () => {
    const single = [
      'FROM node:22',
      'WORKDIR /app',
      'COPY . .',
      'RUN npm ci && npm run build',
      'CMD ["node", "dist/main.js"]',
    ].join('\n');
    expect(checkDockerfile(single)).toEqual(
      expect.arrayContaining([
        'it is not a multi-stage build (one FROM)',
        'FROM node:22: expected node:20-slim (bookworm)',
        'the runtime stage runs as root (no USER, or USER root)',
        'the runtime stage has no HEALTHCHECK on /healthz',
        'the runtime stage does not install with npm ci --omit=dev',
      ]),
    );
  });

  it('when the runtime stage installs dev dependencies, runs as root or lacks the OpenAPI document, each is named', () => {
    const changed = dockerfileWith(/npm ci --omit=dev/, 'npm ci')
      .replace('USER node', 'USER root')
      .replace(/COPY openapi\/club-service\.yaml .*\n/, '');
    expect(checkDockerfile(changed)).toEqual(
      expect.arrayContaining([
        'the runtime stage does not install with npm ci --omit=dev',
        'the runtime stage runs as root (no USER, or USER root)',
        'the runtime stage lacks openapi/club-service.yaml (the simulator reads it)',
      ]),
    );
  });

  it('when the HEALTHCHECK is dropped (it spans two lines), it is named', () => {
    const changed = dockerfileWith(/HEALTHCHECK [^\n]*\\\n[^\n]*\n/, '');
    expect(checkDockerfile(changed)).toEqual(['the runtime stage has no HEALTHCHECK on /healthz']);
  });
});

describe('.env.example', () => {
  it('lists every variable of the contract, each under a comment', () => {
    expect(checkEnvExample(envExample)).toEqual([]);
    expect(Object.keys(parseEnvExample(envExample)).sort()).toEqual([...configVariables].sort());
  });

  it('when a variable is missing, uncommented or unknown, each is named', () => {
    const changed = envExample
      .replace(/^LOG_LEVEL=.*\n/m, '')
      .replace(/^# How long one club-service call.*\n/m, '')
      .concat('CLUB_SECRET=x\n');
    expect(checkEnvExample(changed)).toEqual([
      'CLUB_API_TIMEOUT_MS has no comment above it',
      'LOG_LEVEL is missing',
      'CLUB_SECRET is not a variable of the configuration contract',
    ]);
  });
});
