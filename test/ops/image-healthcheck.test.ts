import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedPort } from '../support/unused-port.js';
import { startOpsFixture, type OpsFixture } from './ops-fixture.js';

const run = promisify(execFile);

/** The Dockerfile's HEALTHCHECK command, run as Docker runs it inside the container. */
async function imageHealthcheckExitCode(opsPort: number): Promise<number> {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const command = /HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/.exec(dockerfile)?.[1];
  if (!command) throw new Error('the Dockerfile has no HEALTHCHECK CMD in exec form');
  const [program = 'node', ...args] = JSON.parse(command) as string[];
  return run(program, args, { env: { ...process.env, OPS_PORT: String(opsPort) } }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
}

const portOf = (ops: OpsFixture) => Number(new URL(ops.url).port);

let ops: OpsFixture | undefined;
afterEach(async () => {
  await ops?.stop();
  ops = undefined;
});

describe("the image's HEALTHCHECK asks the ops port's /livez", () => {
  it('when the process is live, it exits 0', async () => {
    ops = await startOpsFixture({ worker: false });
    expect(await imageHealthcheckExitCode(portOf(ops))).toBe(0);
  });

  it('when the event loop has stalled, it exits 1, though the port still answers', async () => {
    let clock = Date.now();
    ops = await startOpsFixture({
      worker: false,
      eventLoop: { now: () => clock, intervalMs: 60_000 },
    });
    clock += 120_000;
    expect(await imageHealthcheckExitCode(portOf(ops))).toBe(1);
  });

  it('when nothing listens on OPS_PORT, it exits 1', async () => {
    expect(await imageHealthcheckExitCode(await unusedPort())).toBe(1);
  });
});
