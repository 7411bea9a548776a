import type { FormId } from '../../../src/core/form.js';

/** The forms fuzzed here; the event and email list forms have their own tests. */
type FuzzedForm = Extract<FormId, 'incident' | 'trial' | 'waitinglist'>;
import { seededRandom } from '../../support/seeded-random.js';

/** Text people (and attackers) type: empty, huge, control characters, RTL, emoji, markup, injections. */
export const nastyFragments: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(10_000),
  'A '.repeat(5_000),
  '\u0000\u0001\u0007\u001b[31mred\u001b[0m',
  '\r\n\r\n',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '🏊‍♀️🌊🏅',
  '👨‍👩‍👧‍👦'.repeat(30),
  'Z̴̡̛a̸l̷g̶o̵',
  '\u200b\u200d\ufeff',
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<@U0123ABCD>',
  '<#C0123ABCD>',
  '<!subteam^S0123|@coaches>',
  '@everyone',
  '@here',
  '<@&123456789012345678>',
  '<@123456789012345678>',
  '*bold* _it_ ~s~ `code`',
  '```block```',
  '> quoted',
  '# heading',
  '[click](https://evil.example)',
  '<https://evil.example|click here>',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '{{7*7}}',
  '${process.env.CLUB_API_TOKEN}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00%0a',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '{"a":1}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '31/12/2026',
  '2027-02-29',
  '2028-02-29',
  '25:00',
  '24:00',
  '12:60',
  '-1:00',
  'tonight',
  'tomorrow',
  'tuesday',
  'TUE',
  'Open',
  'closed',
];

const dates = [
  '2026-03-14',
  '2026-02-30',
  '2026-13-01',
  '2027-02-29',
  '2028-02-29',
  '0000-00-00',
  '31/12/2026',
  '2026-3-4',
  '20260314',
  '',
  '25:00',
  '2026-03-14T25:00',
  ' 2026-03-14 ',
];
const emails = [
  'parent@example.org',
  'not-an-email',
  '<!channel>@example.org',
  `${'x'.repeat(60)}@example.org`,
  'a@b',
  '@everyone@example.org',
  '',
];
const statuses = ['Open', 'In Progress', 'On Hold', 'Closed', 'open', 'Deleted', '<!here>', ''];

export interface GeneratedCommand {
  slash: string;
  text: string;
}

export interface GeneratedForm {
  form: FormId;
  values: Record<string, unknown>;
}

/** Generates bad (and some good but odd) input from a seed. `names` are real members' names. */
export function createBadInput(seed: number, names: readonly string[]) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const text = (most = 3) =>
    Array.from({ length: Math.floor(random() * (most + 1)) }, () => pick(nastyFragments)).join(
      pick([' ', '', '  ', '\n']),
    );
  /** Mostly within the spec's limits, with markup, RTL and emoji: the kind that gets filed. */
  const oddButValid = (max: number) =>
    [...`${pick(['<!channel>', '@here', '🏊‍♀️', 'مرحبا', '*bold*', "O'Neil", '<@U1>'])} ${text(1)}`]
      .slice(0, max)
      .join('')
      .trim() || 'Lane rope';

  function command(): GeneratedCommand {
    const slash = pick([
      '/help',
      '/whoswho',
      '/sessions',
      '/events',
      '/meets',
      '/session',
      '/member',
      '/incident',
      '/trials',
      '/trial',
      '/waitinglist',
      '/audit',
      '/quota',
      '/nope',
      '/',
      '/SESSION',
      `/${pick(nastyFragments).slice(0, 40)}`,
    ]);
    const lead = pick([
      '',
      '',
      'details ',
      'list ',
      'new ',
      'add ',
      `${pick(names)} `,
      'tuesday ',
      'LIST open ',
    ]);
    return { slash, text: `${lead}${text()}` };
  }

  function form(): GeneratedForm {
    const kind = pick<FuzzedForm>(['incident', 'trial', 'waitinglist']);
    const good = chance(0.25);
    const value = (type: 'name' | 'long' | 'date' | 'email' | 'status' | 'reporter'): unknown => {
      if (chance(0.04)) return pick([null, 42, ['a'], { a: 1 }, true, undefined]);
      switch (type) {
        case 'name':
          return good ? oddButValid(50) : text();
        case 'long':
          return good ? oddButValid(4000) : text(4);
        case 'date':
          return good ? '2026-03-14' : pick(dates);
        case 'email':
          return good ? pick(['parent@example.org', '']) : pick(emails);
        case 'status':
          return good ? pick(statuses.slice(0, 4)) : pick(statuses);
        case 'reporter':
          return good || chance(0.3) ? pick(names) : text();
      }
    };
    const fields: Record<FuzzedForm, Record<string, Parameters<typeof value>[0]>> = {
      incident: {
        title: 'name',
        date: 'date',
        status: 'status',
        details: 'long',
        proposedAction: 'long',
        reporter: 'reporter',
      },
      trial: {
        firstName: 'name',
        lastName: 'name',
        dateOfBirth: 'date',
        email: 'email',
        swimmingExperience: 'long',
      },
      waitinglist: {
        firstName: 'name',
        lastName: 'name',
        dateOfBirth: 'date',
        email: 'email',
        notes: 'long',
      },
    };
    const values: Record<string, unknown> = {};
    for (const [field, type] of Object.entries(fields[kind])) {
      if (!good && chance(0.1)) continue; // a field left out
      values[field] = value(type);
    }
    if (chance(0.03)) Object.assign(values, JSON.parse('{"__proto__":"x","extra":"<!channel>"}'));
    return { form: kind, values };
  }

  return { command, form };
}
