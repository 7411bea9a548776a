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
  return { lines, logger: createLogger({ level: 'info', role: 'test' }, stream) };
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

  it('written to a file descriptor, a line is in the file before the next statement runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-bot-log-'));
    const path = join(dir, 'out.log');
    const fd = openSync(path, 'w');
    try {
      const logger = createLogger({ role: 'test' }, synchronousDestination(fd));
      logger.info({ id: 'corr-2' }, 'command finished');
      expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
        id: 'corr-2',
        msg: 'command finished',
      });
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true });
    }
  });
});
