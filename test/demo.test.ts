import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../src/access/access-policy.js';
import { decideAsker } from '../src/access/asker.js';
import { demoPersona, readDemoArgs } from '../src/app/demo-persona.js';
import { decodeMember } from '../src/club/decode-member.js';
import { decodeAll, decodeRole } from '../src/club/decode-records.js';
import { generateClub } from '../src/simulator/seed/generate-club.js';

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
  it('when given "/session Tuesday Development", it answers that one command from its own Redis and simulator and exits 0', async () => {
    const { code, stdout } = await runDemo(
      ['/session Tuesday Development', '/whoswho welfare'],
      cleanEnv,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('> /session Tuesday Development');
    expect(stdout).toContain('Tuesday');
    expect(stdout).toMatch(/Swimmers: \d+ \/ \d+/);
    expect(stdout).toContain("Who's who: welfare");
  }, 60_000);

  it('when run --as coach, it is a seeded coach linked by e-mail: /member and /session answer as for them', async () => {
    const { code, stdout } = await runDemo(
      ['--as', 'coach', '/member Smith', '/session tomorrow', '/help session', '/whosho'],
      cleanEnv,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\(you are .+ \(a coach of .+\)\)$/m);
    expect(stdout).not.toContain('Not available to you');
    expect(stdout).toContain('Usage: /session [when]');
    expect(stdout).toContain('/session tonight sheet');
    expect(stdout).toContain('Did you mean /whoswho?');
  }, 60_000);

  it('when run --as member, what a plain member may not run is refused, and an unknown role is an error', async () => {
    const member = await runDemo(['--as', 'member', '/session tonight'], cleanEnv);
    expect(member.code).toBe(0);
    expect(member.stdout).toContain('a member with no office');
    expect(member.stdout).toContain('Not available to you');
    const wrong = await runDemo(['--as', 'nobody', '/help'], cleanEnv);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      '--as takes one of: welfare, coach, head-coach, membership, member, unlinked',
    );
  }, 60_000);

  it('when given --help, it prints the usage and every persona and exits 0, starting nothing', async () => {
    const { code, stdout } = await runDemo(['--help'], { ...cleanEnv, PATH: '/nonexistent' });
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run demo -- [--as <persona>]');
    for (const persona of ['welfare', 'coach', 'head-coach', 'membership', 'member', 'unlinked'])
      expect(stdout).toMatch(new RegExp(`^  ${persona} `, 'm'));
    expect(stdout).not.toContain('Commands start with a slash');
  }, 30_000);

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

describe('who the demo runs as', () => {
  const club = generateClub({ members: 250, seed: 1, today: '2026-03-10' });
  const roles = (email: string) => {
    const members = decodeAll([...club.users], decodeMember).values;
    const clubRoles = decodeAll([...club.roles], decodeRole).values;
    const user = { platform: 'console' as const, userId: 'demo', email };
    return decideAsker(user, members, clubRoles, defaultAccessPolicy, undefined, '2026-03-10')
      .roles;
  };

  it.each([
    ['welfare', ['everyone', 'welfare']],
    ['coach', ['everyone', 'coach']],
    ['head-coach', ['everyone', 'coach', 'head-coach']],
    ['membership', ['everyone', 'membership']],
    ['member', ['everyone']],
  ] as const)('when --as %s, the person chosen is linked by e-mail and has %o', (as, expected) => {
    const persona = demoPersona(club.users, club.roles, as, club.sessions, '2026-03-10');
    if (!persona) throw new Error(`no ${as} in the seeded club`);
    expect(roles(persona.email)).toEqual(expect.arrayContaining([...expected]));
    if (as === 'coach' || as === 'member') expect(roles(persona.email)).toEqual(expected);
  });

  it('when the arguments are read, --as takes the next word or follows "=", and the rest are commands', () => {
    expect(readDemoArgs(['--as', 'coach', '/help'])).toEqual({ as: 'coach', commands: ['/help'] });
    expect(readDemoArgs(['/help', '--as=Unlinked'])).toEqual({
      as: 'unlinked',
      commands: ['/help'],
    });
    expect(readDemoArgs(['/help'])).toEqual({ commands: ['/help'] });
    expect(readDemoArgs(['--as'])).toHaveProperty('error');
    expect(readDemoArgs(['/help', '-h'])).toHaveProperty('help');
  });
});

describe("the README's examples, run in the demo", () => {
  const readme = readFileSync('README.md', 'utf8');
  /** Each `npm run demo -- …` line of the README, as its arguments. */
  const demoLines = [...readme.matchAll(/^npm run demo -- (.+)$/gm)].map(([, rest]) =>
    [...(rest ?? '').matchAll(/"([^"]+)"|(\S+)/g)].map(([, quoted, bare]) => quoted ?? bare ?? ''),
  );
  /** The slash commands quoted in the README's "Some examples" list. */
  const examples = [
    ...(readme.split('Some examples')[1]?.split('## ')[0] ?? '').matchAll(/`(\/[^`]+)`/g),
  ].map(([, command]) => command ?? '');

  it('when each README demo line is run, then it exits 0 and every command is understood', async () => {
    expect(demoLines.length).toBeGreaterThanOrEqual(3);
    for (const args of demoLines) {
      const { code, stdout } = await runDemo(args, cleanEnv);
      expect(code, args.join(' ')).toBe(0);
      expect(stdout, args.join(' ')).not.toMatch(/is not a day, time or squad|needs when/);
    }
  }, 180_000);

  it('when the commands of "Some examples" are run as the welfare officer, then none is misread', async () => {
    expect(examples).toEqual(expect.arrayContaining(['/session now', '/sessions 28 Dec']));
    const { code, stdout } = await runDemo(examples, cleanEnv);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/is not a day, time or squad|Commands start with a slash/);
    expect(stdout).toContain('Did you mean…?');
    expect(stdout).toContain('Did you mean /whoswho?');
  }, 60_000);
});
