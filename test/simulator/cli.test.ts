import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const cli = ['--import', 'tsx', 'src/simulator/cli.ts'];

/** Runs the CLI; resolves its first stdout line (or undefined when it exits first). */
function run(args: string[]) {
  const child = spawn(process.execPath, [...cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const firstLine = new Promise<string | undefined>((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    lines.once('close', () => resolve(undefined));
  });
  return { child, firstLine, exited, stderr: () => stderr };
}

describe('npm run simulator', () => {
  it('prints one line with its URL when ready, serves the club, and stops cleanly on SIGTERM', async () => {
    const { child, firstLine, exited } = run([
      '--port',
      '0',
      '--token',
      'cli-token-1',
      '--members',
      '20',
      '--seed',
      '3',
    ]);
    const line = await firstLine;
    expect(line).toMatch(
      /^club-service simulator listening on http:\/\/127\.0\.0\.1:\d+ \(20 members, seed 3\)$/,
    );
    const url = /(http:\S+)/.exec(line ?? '')?.[1];
    const response = await fetch(`${url}/api/Users`, {
      headers: { 'Authorization-Token': 'cli-token-1' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(20);
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  it('uses and prints the demo token when none is given', async () => {
    const { child, firstLine, exited } = run(['--port', '0', '--members', '20']);
    expect(await firstLine).toMatch(/\(20 members, seed 1, token demo-token\)$/);
    child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
  });

  it('with --real, serves members at /Members in the real forms and says so when ready', async () => {
    const { child, firstLine, exited } = run(['--port', '0', '--members', '20', '--real']);
    const line = await firstLine;
    expect(line).toMatch(/\(20 members, seed 1, real profile, bare layout, token demo-token\)$/);
    const url = /(http:\S+)/.exec(line ?? '')?.[1];
    const headers = { 'Authorization-Token': 'demo-token' };
    const members = await fetch(`${url}/Members`, { headers });
    expect(((await members.json()) as { Active: unknown }[])[0]?.Active).toMatch(/^[01]$/);
    expect((await fetch(`${url}/api/Users`, { headers })).status).toBe(404);
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  });

  it('refuses a bad flag with a clear message and exit code 2', async () => {
    const cases = [
      ['--port', 'abc'],
      ['--error-rate', '2'],
      ['--members', '5'],
      ['--frobnicate'],
      ['--layout', 'api'],
    ];
    await Promise.all(
      cases.map(async (args) => {
        const { firstLine, exited, stderr } = run(args);
        expect(await firstLine).toBeUndefined();
        expect((await exited)[0]).toBe(2);
        expect(stderr()).toMatch(
          /^simulator: .*(--port|--error-rate|--members|frobnicate|--layout)/,
        );
        expect(stderr()).toContain('Usage: npm run simulator');
      }),
    );
  });
});
