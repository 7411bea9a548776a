import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function runDemo(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/demo.ts', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const { REDIS_URL: _redis, CLUB_API_URL: _club, ...cleanEnv } = process.env;

describe('npm run demo', () => {
  it('when given "/session Tuesday", it answers that one command from its own Redis and simulator and exits 0', async () => {
    const { code, stdout } = await runDemo(['/session Tuesday Development', '/whoswho welfare'], cleanEnv);
    expect(code).toBe(0);
    expect(stdout).toContain('> /session Tuesday Development');
    expect(stdout).toContain('Tuesday');
    expect(stdout).toMatch(/Swimmers: \d+ \/ \d+/);
    expect(stdout).toContain("Who's who: welfare");
  }, 60_000);

  it('when redis-server is missing, it says how to install it in one line and exits non-zero', async () => {
    const { code, stdout, stderr } = await runDemo(['/help'], {
      ...cleanEnv,
      PATH: '/nonexistent',
    });
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apt-get install redis-server');
    expect(stdout).toBe('');
  }, 30_000);
});
