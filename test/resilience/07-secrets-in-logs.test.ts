import { describe, expect, it } from 'vitest';
import { postToSlackApp, slashCommandBody } from '../fakes/slack/slack-requests.js';
import { reportFigures } from './support/figures.js';
import { childOutputWritten, readAllLogs } from './support/log-capture.js';
import {
  clubToken,
  discordToken,
  seededPersonalData,
  slackBotToken,
  slackSigningSecret,
} from './support/secrets.js';
import { startSlackFront } from './support/slack-front.js';
import { startStack } from './support/stack.js';
import { until } from './support/until.js';
import { startWorkerProcess, stopAllWorkerProcesses } from './support/worker-processes.js';

/*
 * The last scenario (the suite runs in file-name order): every process of the run logged at
 * debug into one folder. First some traffic that carries personal data on purpose, then the scan.
 */
describe('scenario 7: secrets in the logs', () => {
  it('when the whole run’s log output is scanned, no token, signing secret, phone number, email or health note is in it', async () => {
    const started = Date.now();
    const run = await startStack({ name: 'secrets' });
    const front = await startSlackFront(run, 'secrets');
    const personal = seededPersonalData(run.simulator);
    // The worker gets the platform secrets too, as with compose's shared environment file.
    const platformSecrets = {
      SLACK_BOT_TOKEN: slackBotToken,
      SLACK_SIGNING_SECRET: slackSigningSecret,
    };
    await startWorkerProcess({ ...run.env, ...platformSecrets }, 'secrets-worker');

    const users = run.simulator.admin.records('users');
    const withHealth = users
      .filter(
        (user) => typeof user.MedicalHistory === 'string' || typeof user.Allergies === 'string',
      )
      .slice(0, 8)
      .map((user) => `${String(user.Firstname)} ${String(user.Lastname)}`);
    const urls: string[] = [];
    for (const name of withHealth) {
      urls.push((await front.slash('/member', name)).responseUrl);
      urls.push((await front.slash('/member', `details ${name}`)).responseUrl);
    }
    // Typed text carrying a phone number and an email, as a report or a note would.
    const typed = await front.submit('incident', {
      title: 'Swimmer unwell after session',
      date: '2026-03-14',
      details: `Parent called on ${personal.phones[0]}; email ${personal.emails[1]}.`,
      reporter: withHealth[0] ?? '',
    });
    urls.push(typed.responseUrl);
    // A volunteer whose Slack profile email is a member's: the bot matches it (and must not log it).
    front.fake.setEmail('UVOLUNTEER', personal.emails[0]);
    const volunteerUrl = front.fake.responseUrl();
    const volunteer = await postToSlackApp(
      front.eventsUrl,
      slashCommandBody({ userId: 'UVOLUNTEER', channelId: 'CPOOL' }, '/whoswho', '', {
        responseUrl: volunteerUrl,
      }),
      { secret: slackSigningSecret },
    );
    expect(volunteer.status).toBe(200);
    urls.push(volunteerUrl);
    await until(
      () => urls.every((url) => front.postsTo(url).length > 0),
      'the answers with personal data',
    );
    await until(async () => (await run.pending()) === 0, 'an idle queue');
    await stopAllWorkerProcesses();
    await childOutputWritten();

    const answers = urls.flatMap((url) => front.postsTo(url)).map((body) => JSON.stringify(body));
    const needles = {
      'club API token': [clubToken],
      'Slack bot token': [slackBotToken],
      'Slack signing secret': [slackSigningSecret],
      'Discord token': [discordToken],
      'phone numbers': [
        ...personal.phones,
        ...personal.phones.map((phone) => phone.replace(/\s+/g, '')),
      ],
      emails: personal.emails,
      'health notes': personal.health,
    };
    const logs = readAllLogs();
    const found: Record<string, string[]> = {};
    for (const [what, values] of Object.entries(needles)) {
      found[what] = [];
      for (const { file, text } of logs)
        for (const value of values) if (text.includes(value)) found[what].push(`${file}: ${value}`);
    }
    const lines = logs.flatMap(({ text }) => text.split('\n').filter((line) => line !== ''));
    const figures = {
      durationMs: Date.now() - started,
      logFiles: logs.length,
      logLines: lines.length,
      logBytes: logs.reduce((sum, { text }) => sum + text.length, 0),
      processes: [...new Set(logs.map(({ file }) => file.replace(/-\d+-\d+\.log$/, '')))].length,
      lookedFor: Object.fromEntries(
        Object.entries(needles).map(([what, values]) => [what, new Set(values).size]),
      ),
      // Shown to the person who asked, so they were in flight through the processes.
      answersShowingPersonalData: answers.filter((answer) =>
        [...personal.phones, ...personal.emails, ...personal.health].some((value) =>
          answer.includes(value),
        ),
      ).length,
      found: Object.fromEntries(Object.entries(found).map(([what, hits]) => [what, hits.length])),
    };
    reportFigures('7 secrets in logs', figures);

    expect(figures.logLines).toBeGreaterThan(50);
    expect(figures.answersShowingPersonalData).toBeGreaterThan(0);
    expect(found).toEqual(Object.fromEntries(Object.keys(needles).map((what) => [what, []])));
  }, 90_000);
});
