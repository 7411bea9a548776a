import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** The route as `npm run route` measures it: each file, and whether it also runs on a timer. */
function measureRoute(): { file: string; timer: boolean }[] {
  const printed = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/route/measure-route.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  return [...printed.matchAll(/^ {2}([* ]) (src\/[\w/.-]+\.ts)$/gm)].map(([, mark, file]) => ({
    file: file!,
    timer: mark === '*',
  }));
}

describe('docs/architecture.md, the route of /session tonight', () => {
  it('names every file that runs for the request, and no other, and counts them', () => {
    const doc = readFileSync(new URL('docs/architecture.md', root), 'utf8');
    const section = doc.slice(doc.indexOf('## The route of `/session tonight`'));
    const named = [...section.matchAll(/^\d+\. `(src\/[^`]+\.ts)`/gm)].map(([, file]) => file!);
    const measured = measureRoute();
    expect(measured.length).toBeGreaterThan(20);
    // A file that only its own timer runs (the event-loop watch) is not the request's.
    const route = measured.filter(({ file, timer }) => !timer || named.includes(file));
    expect([...named].sort()).toEqual(route.map(({ file }) => file).sort());
    expect(section).toContain(`**${named.length} files** on this route`);
  });
});
