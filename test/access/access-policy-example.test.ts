import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadAccessPolicy } from '../../src/access/load-access-policy.js';
import { registry } from '../../src/commands/registry.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const example = `${root}config/access-policy.example.yaml`;

/** Whether git ignores a path of the repository (exit 0: ignored, 1: tracked or trackable). */
async function ignoredByGit(path: string): Promise<boolean> {
  try {
    await run('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: root });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 1) return false;
    throw error;
  }
}

describe('config/, where access policies live', () => {
  it('the example policy loads, changing what it says it changes', () => {
    const policy = loadAccessPolicy(example, registry);
    expect(policy.commands.quota).toEqual(['admin', 'committee']);
    expect(policy.allRosters).toEqual(['head-coach', 'welfare', 'committee']);
    expect(policy.links).toEqual([
      { platform: 'discord', user: '998877665544332211', email: 'coach@example.org' },
    ]);
    expect(policy.rolePatterns.welfare.test('Deputy Welfare Officer')).toBe(true);
  });

  it('git ignores a real policy in config/, but not the example', async () => {
    expect(await ignoredByGit('config/access-policy.yaml')).toBe(true);
    expect(await ignoredByGit('config/club/members.yaml')).toBe(true);
    expect(await ignoredByGit('config/access-policy.example.yaml')).toBe(false);
  });
});
