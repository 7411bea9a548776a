import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import { createConsoleChat, type ConsoleChat } from '../../../src/platforms/console/app.js';
import { createConsoleSink } from '../../../src/platforms/console/reply-sink.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';

let harness: BotHarness;
let printed: string[];
let answers: string[];
let chat: ConsoleChat;

beforeAll(async () => {
  const sink = createConsoleSink();
  harness = await startBotHarness({
    sinks: { console: sink },
    // The console person is granted every role, as in the demo, but is not linked to a member.
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'tester', roles: ['coach', 'welfare', 'membership'] }],
    },
    // Unlinked, their reports are filed under the bot's own member record (added below).
    env: { CLUB_REPORTS_MEMBER: 'bot-member' },
  });
  const users = harness.simulator.admin.records('users');
  harness.simulator.admin.setRecords('users', [
    ...users,
    { Guid: 'bot-member', Firstname: 'Club', Lastname: 'bot', Active: 1 },
  ]);
  chat = createConsoleChat({
    dispatcher: harness.dispatcher,
    sink,
    user: { platform: 'console', userId: 'tester' },
    ask: async (question) => {
      printed.push(question);
      return answers.shift();
    },
    print: (text) => printed.push(text),
    replyTimeoutMs: 15_000,
  });
});
afterAll(() => harness.stop());

async function say(line: string, formAnswers: string[] = []): Promise<string> {
  printed = [];
  answers = [...formAnswers];
  await chat.run(line);
  return printed.join('\n');
}

describe('the console chat, through the real queue and worker', () => {
  it('when asked /whoswho, it shows who holds which club role', async () => {
    const output = await say('/whoswho');
    expect(output).toContain("Who's who");
    expect(output).toMatch(/Welfare/);
  });

  it('when a coach asks /session tue, it offers the Tuesday sessions with what to type for each', async () => {
    const output = await say('/session tue');
    expect(output).toMatch(/Tue \d{1,2} \w{3}: 4 sessions/);
    expect(output).toMatch(/→ \/session \d{4}-\d{2}-\d{2} Tuesday 18:30 Tuesday Development/);
  });

  it('when a coach asks for one session, it shows its roster', async () => {
    const output = await say('/session tuesday 18:30');
    expect(output).toContain('Tuesday Development');
    expect(output).toMatch(/Swimmers: \d+ \/ \d+/);
    expect(output).not.toContain('Working on it');
  });

  it('when /incident new is answered field by field, the incident is in the club service afterwards', async () => {
    const reporter = harness.simulator.admin
      .records('users')
      .find((user) => user.IsACoach === 1 && typeof user.Firstname === 'string');
    const before = harness.simulator.admin.records('incidents').length;
    const output = await say('/incident new', [
      'Lane rope snapped',
      '', // keep today's date
      'The lane rope in lane 4 snapped during warm-up.',
      'Replace the rope before Thursday.',
      `${String(reporter?.Firstname)} ${String(reporter?.Lastname)}`,
      'yes',
    ]);
    expect(output).toContain('File this? (yes/no)');
    // Unlinked: told where the report goes before the first question, not after the last.
    expect(output).toMatch(/filed under the club's reporting account[^\n]*\nTitle/);
    expect(output).toContain('Incident filed');
    const incidents = harness.simulator.admin.records('incidents');
    expect(incidents).toHaveLength(before + 1);
    expect(incidents.at(-1)).toMatchObject({ IncidentTitle: 'Lane rope snapped', Status: 'Open' });

    // The welfare officer looks it up by the reference the confirmation gave.
    const ref = String(incidents.at(-1)?.Guid).slice(0, 8);
    expect(output).toContain(`Reference: ${ref}`);
    const shown = await say(`/incident show ${ref}`);
    expect(shown).toContain('Lane rope snapped');
    expect(shown).toContain('The lane rope in lane 4 snapped during warm-up.');
    expect(shown).toContain('Replace the rope before Thursday.');
  });

  it('when a form answer breaks a rule, then it is told at once in plain words and only that question is asked again', async () => {
    const output = await say('/incident new', [
      'x'.repeat(60),
      'Short title', // the title again, at once
      '31/02/2026',
      'last week of term',
      '', // Enter: the default is today's date, never the refused text
      '',
      '',
      'Nobody Atall',
      'yes',
    ]);
    expect(output).toContain('! Title is 60 characters; the club service accepts at most 50.');
    expect(output).toContain('! Date is not a date I know: try 26/11, 26 Nov, today or yesterday.');
    expect(output).not.toMatch(/characters.*\n.*Date/);
    // The date is asked right after the title, not after the whole form.
    expect(output.indexOf('! Title')).toBeLessThan(output.indexOf('Date'));
    expect(output).not.toContain('[31/02/2026]');
    expect(output).not.toContain('[last week of term]');
    expect(output.match(/^Title/gm)).toHaveLength(2);
    expect(output).toContain('Short title');
    expect(output).toContain('Incident filed');
    expect(output).not.toContain('nothing was sent');
  });

  it('when a person gets the same answer wrong many times, then the form keeps asking and keeps the draft', async () => {
    const output = await say('/waitinglist add', [
      'Ada',
      'Lovelace',
      '31/02/2016',
      'soon',
      'never',
      '30/2/16',
      '10/12/2015',
      '',
      '',
      'no',
    ]);
    expect(output.match(/! Date of birth is not a date I know/g)).toHaveLength(4);
    expect(output).toContain('First name: Ada');
    expect(output).toContain('Last name: Lovelace');
    expect(output).toContain('Not filed: nothing was sent, and what is shown above was discarded.');
  });

  it('when cancel is typed part way, then it says what was discarded', async () => {
    const output = await say('/incident new', ['Broken step', 'yesterday', 'cancel']);
    expect(output).toMatch(
      /Cancelled: nothing was filed\. Discarded: Title: Broken step; Date: \w{3} \d{1,2} \w{3}/,
    );
  });

  it('when a slash command is typed at a question, then it is not taken as the answer', async () => {
    const before = harness.simulator.admin.records('incidents').length;
    const output = await say('/incident new', ['/incident list', 'Cancel']);
    expect(output).toContain('That is a command, not an answer');
    expect(output.match(/^Title/gm)).toHaveLength(2);
    expect(harness.simulator.admin.records('incidents')).toHaveLength(before);
  });

  it('when the summary is answered no, then nothing is filed', async () => {
    const before = harness.simulator.admin.records('incidents').length;
    const output = await say('/incident new', ['Wet floor', 'yesterday', '', '', 'Jo', 'no']);
    expect(output).toMatch(/Date: \w{3} \d{1,2} \w{3}/);
    expect(output).toContain('Not filed: nothing was sent');
    expect(harness.simulator.admin.records('incidents')).toHaveLength(before);
  });

  it('when the same child is added to the waiting list twice, then the second is pointed out and filed only once confirmed', async () => {
    const count = () => harness.simulator.admin.records('waitingList').length;
    const child = ['Ada', 'Testwell', '14/03/2016', '', ''];
    const before = count();
    expect(await say('/waitinglist add', [...child, 'yes'])).toContain('Added to the waiting list');
    expect(count()).toBe(before + 1);
    const declined = await say('/waitinglist add', [...child, 'yes', 'no']);
    expect(declined).toContain('already there?');
    expect(declined).toContain('Ada Testwell, born Mon 14 Mar 2016, is on the waiting list');
    expect(count()).toBe(before + 1);
    const confirmed = await say('/waitinglist add', [...child, 'yes', 'yes']);
    expect(confirmed).toContain('Added to the waiting list');
    expect(count()).toBe(before + 2);
  });
});
