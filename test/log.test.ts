import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, synchronousDestination } from '../src/log.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', component: 'test' }, stream) };
}

describe('log lines', () => {
  it('carry ids but never tokens, names, contact details or health text', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        id: 'corr-1',
        token: 'xoxb-secret',
        'Authorization-Token': 'club-secret',
        headers: { authorization: 'Bearer abc' },
        member: {
          Guid: 'g-1',
          Firstname: 'Jane',
          Lastname: 'Smith',
          Email: 'jane@example.org',
          MobilePhone: '07700 900123',
        },
        sensitive: { MedicalHistory: 'Asthma - carries inhaler', Allergies: 'Peanuts' },
        user: { email: 'coach@example.org', userId: 'U123' },
      },
      'command answered',
    );
    const line = lines.join('');
    for (const secret of [
      'xoxb-secret',
      'club-secret',
      'Bearer abc',
      'Jane',
      'Smith',
      'jane@example.org',
      '07700 900123',
      'Asthma',
      'Peanuts',
      'coach@example.org',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('corr-1');
    expect(line).toContain('g-1');
    expect(line).toContain('U123');
  });

  it('redact keys deep in arrays and nested objects, and leave the objects logged untouched', () => {
    const { lines, logger } = capture();
    const logged = {
      id: 'corr-2',
      members: [{ Guid: 'g-2', KnownAs: 'Jojo', contacts: [{ phone: '07700 900456' }] }],
      job: { data: { request: { options: { name: 'Priya Shah' } } } },
    };
    logger.info(logged, 'deep');
    const line = lines.join('');
    for (const secret of ['Jojo', '07700 900456', 'Priya Shah']) expect(line).not.toContain(secret);
    expect(line).toContain('g-2');
    expect(logged.members[0]?.KnownAs).toBe('Jojo');
  });

  it("keep an error's message for the error serialiser", () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error('the service said 500') }, 'failed');
    expect(lines.join('')).toContain('the service said 500');
  });

  it('written to a file descriptor, the lines of a turn of the event loop are in the file at its end, in order', async () => {
    await inTempFile(async (path, fd) => {
      const logger = createLogger({ component: 'test' }, synchronousDestination(fd));
      for (const id of ['corr-1', 'corr-2', 'corr-3']) logger.info({ id }, 'command finished');
      await new Promise((resolve) => setImmediate(resolve));
      expect(linesOf(path).map((line) => line.id)).toEqual(['corr-1', 'corr-2', 'corr-3']);
      logger.info({ id: 'corr-4' }, 'command finished');
      await new Promise((resolve) => setImmediate(resolve));
      expect(linesOf(path).map((line) => line.id)).toEqual([
        'corr-1',
        'corr-2',
        'corr-3',
        'corr-4',
      ]);
    });
  });

  it('written to a file descriptor, a line logged just before the process exits is not lost', async () => {
    await inTempFile(async (path) => {
      const log = new URL('../src/log.ts', import.meta.url).href;
      const script = [
        `import { openSync } from 'node:fs';`,
        `const { createLogger, synchronousDestination } = await import(${JSON.stringify(log)});`,
        `const logger = createLogger({}, synchronousDestination(openSync(${JSON.stringify(path)}, 'a')));`,
        `logger.error({ id: 'corr-9' }, 'about to exit');`,
        `process.exit(3);`,
      ].join('\n');
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        { encoding: 'utf8' },
      );
      expect(child.status, child.stderr).toBe(3);
      expect(linesOf(path)).toMatchObject([{ id: 'corr-9', msg: 'about to exit' }]);
    });
  });
});

/** Runs `use` with a fresh file and its descriptor, and removes both after. */
async function inTempFile(use: (path: string, fd: number) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'club-bot-log-'));
  const path = join(dir, 'out.log');
  const fd = openSync(path, 'w');
  try {
    await use(path, fd);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true });
  }
}

/** The JSON lines in the file at `path`. */
function linesOf(path: string): { id?: string; msg?: string }[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id?: string; msg?: string });
}
