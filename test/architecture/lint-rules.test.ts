import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** One instance, so the type checker loads the project once for every case. */
const eslint = new ESLint({ cwd: root });

/** Lints `code` with the project's eslint.config.js, as if it were the file at `path` (which must exist: the type checker knows the project's files only). */
async function lint(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint rules of npm run lint', () => {
  it('when a promise is neither awaited, handled nor marked with void, lint fails naming the rule', async () => {
    const code = [
      'export async function save(): Promise<void> {}',
      'export function caller(): void {',
      '  save();',
      '}',
      '',
    ].join('\n');
    expect(await lint(code, 'src/jobs/disposition.ts')).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  }, 60_000);

  it('when fire and forget is marked with void after handling its errors, lint passes', async () => {
    const code = [
      'export async function save(): Promise<void> {}',
      'export function caller(): void {',
      '  void save().catch(() => undefined);',
      '}',
      '',
    ].join('\n');
    expect(await lint(code, 'src/jobs/disposition.ts')).toEqual([]);
  }, 60_000);
});
