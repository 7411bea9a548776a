import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCompose } from './compose-model.js';
import { checkDockerfile } from './dockerfile-rules.js';

const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const dockerfile = read('Dockerfile');

function dockerfileWith(from: string | RegExp, to: string): string {
  const changed = dockerfile.replace(from, to);
  expect(changed, `Dockerfile should contain ${String(from)}`).not.toBe(dockerfile);
  return changed;
}

describe('the Dockerfile, checked statically', () => {
  it('when the repository Dockerfile is checked, there are no problems', () => {
    expect(checkDockerfile(dockerfile)).toEqual([]);
  });

  it('when it is a single stage on another base, running as root, each is named', () => {
    const single = [
      'FROM node:20-bookworm-slim',
      'WORKDIR /app',
      'COPY . .',
      'RUN npm ci && npm run build',
      'CMD ["node", "dist/main.js"]',
    ].join('\n');
    expect(checkDockerfile(single)).toEqual(
      expect.arrayContaining([
        'it is not a multi-stage build (one FROM)',
        'FROM node:20-bookworm-slim: expected node:24-bookworm-slim (Node 24 LTS)',
        'the runtime stage runs as root (no USER, or USER root)',
        "the runtime stage has no HEALTHCHECK on the ops port's /livez",
        'the runtime stage does not install with npm ci --omit=dev',
        'there is no demo stage before the last (the demo profile builds target: demo)',
      ]),
    );
  });

  it('when any stage is built on Node 20, which reached end of life on 2026-04-30, it is named', () => {
    const changed = dockerfileWith(
      'FROM node:24-bookworm-slim AS demo',
      'FROM node:20-bookworm-slim AS demo',
    );
    expect(checkDockerfile(changed)).toEqual([
      'FROM node:20-bookworm-slim: expected node:24-bookworm-slim (Node 24 LTS)',
    ]);
  });

  it('when the runtime stage installs dev dependencies or runs as root, each is named', () => {
    const changed = dockerfileWith(/npm ci --omit=dev/, 'npm ci').replace(
      /USER node\nENV PORT/,
      'USER root\nENV PORT',
    );
    expect(checkDockerfile(changed)).toEqual([
      'the runtime stage does not install with npm ci --omit=dev',
      'the runtime stage runs as root (no USER, or USER root)',
    ]);
  });

  it('when the demo stage lacks the development dependencies or the OpenAPI document, each is named', () => {
    const changed = dockerfileWith(
      'COPY --from=build /app/node_modules ./node_modules\n',
      '',
    ).replace(/(AS demo[\s\S]*?)COPY openapi\/club-service\.yaml .*\n/, '$1');
    expect(checkDockerfile(changed)).toEqual([
      "the demo stage lacks development dependencies (the simulator's openapi-backend)",
      'the demo stage lacks openapi/club-service.yaml (the simulator reads it)',
    ]);
  });

  it('when the HEALTHCHECK asks the public port (it spans two lines), it is named', () => {
    const changed = dockerfileWith('/livez', '/healthz').replace('OPS_PORT ||', 'PORT ||');
    expect(checkDockerfile(changed)).toEqual([
      "the runtime stage has no HEALTHCHECK on the ops port's /livez",
    ]);
  });

  it("compose's demo profile builds a target the Dockerfile has, and the bot and worker the default one", () => {
    const services = parseCompose(read('docker-compose.yml')).services ?? {};
    const build = services.simulator?.build;
    const target = typeof build === 'object' ? build.target : undefined;
    expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${target}$`, 'm'));
    expect(services.bot?.build).toBe('.');
    expect(services.worker?.build).toBe('.');
  });
});
