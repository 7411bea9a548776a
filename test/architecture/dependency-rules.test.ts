import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');

/** A scratch tree with the project's rules, holding only the files a case writes. */
const scratch = mkdtempSync(join(tmpdir(), 'club-bot-deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cruise(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(join(scratch, 'case-'));
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const { stdout } = await run(depcruise, ['src', '--config', '.dependency-cruiser.cjs'], {
      cwd: dir,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

/** A package the manifest lists under devDependencies, installed as the simulator's is. */
const devPackage = {
  'package.json': '{"name":"club-bot","devDependencies":{"openapi-backend":"*"}}',
  'node_modules/openapi-backend/package.json': '{"name":"openapi-backend","main":"index.js"}',
  'node_modules/openapi-backend/index.js': 'exports.OpenAPIBackend = class {};\n',
};

const clubClient = { 'src/club/create-club-client.ts': 'export const client = 1;\n' };
const domain = { 'src/club/domain.ts': 'export type Member = { guid: string };\n' };

describe('the dependency rules of npm run check', () => {
  it('when a platform adapter imports the club client, the check fails naming the rule', async () => {
    const result = await cruise({
      ...clubClient,
      'src/platforms/slack/app.ts': "export { client } from '../../club/create-club-client.js';\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('platforms-do-not-call-the-club');
  });

  it("when a platform adapter imports only the club's domain types, the check passes", async () => {
    const result = await cruise({
      ...domain,
      'src/platforms/slack/app.ts': "export type { Member } from '../../club/domain.js';\n",
    });
    expect(result).toMatchObject({ ok: true });
  });

  it('when domain code imports Bolt, the check fails naming the rule', async () => {
    const result = await cruise({
      'src/commands/help.ts': "export { App } from '@slack/bolt';\n",
      'node_modules/@slack/bolt/package.json': '{"name":"@slack/bolt","main":"index.js"}',
      'node_modules/@slack/bolt/index.js': 'exports.App = class {};\n',
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('domain-is-platform-free');
  });

  it('when production code imports a devDependency, the check fails naming the rule', async () => {
    const result = await cruise({
      ...devPackage,
      'src/club/validate.ts': "export { OpenAPIBackend } from 'openapi-backend';\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('production-uses-no-dev-dependencies');
  });

  it('when the simulator imports a devDependency, the check passes', async () => {
    const result = await cruise({
      ...devPackage,
      'src/simulator/create-route-table.ts': "export { OpenAPIBackend } from 'openapi-backend';\n",
    });
    expect(result).toMatchObject({ ok: true });
  });

  it('when production code imports the simulator, the check fails naming the rule', async () => {
    const result = await cruise({
      'src/simulator/start-simulator.ts': 'export const startSimulator = 1;\n',
      'src/app/club-services.ts':
        "export { startSimulator } from '../simulator/start-simulator.js';\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('production-does-not-load-the-demo');
  });
});
