import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { encodeCustomId } from '../../src/platforms/discord/custom-ids.js';
import { actionIdOf } from '../../src/platforms/slack/state.js';
import {
  autocomplete,
  buttonPress,
  chatInput,
  modalSubmit,
  type Sender,
} from '../fakes/discord/interactions.js';
import { callbacksOf } from '../fakes/discord/records.js';
import { startFakeDiscord } from '../fakes/discord/start-fake-discord.js';
import { waitFor } from '../support/wait-for.js';
import {
  buttonPressPayload,
  interactionBody,
  postToSlackApp,
  slackSignature,
  slashCommandBody,
  type SigningOptions,
} from '../fakes/slack/slack-requests.js';
import { reportFigures } from './support/figures.js';
import { capturedLogger } from './support/log-capture.js';
import {
  discordApplicationId,
  discordToken,
  slackSigningSecret,
  testPolicy,
  timezone,
} from './support/secrets.js';
import { slackTester, startSlackFront } from './support/slack-front.js';
import { startStack } from './support/stack.js';
import { until } from './support/until.js';
import { oneClub, startAdapterOnFake } from '../platforms/discord/adapter-on-fake.js';

const now = () => Math.floor(Date.now() / 1000);

/** How a forger signs: the ways a request can fail Slack's signature check. */
const forgeries: { name: string; signing: (body: string) => Partial<SigningOptions> }[] = [
  { name: 'unsigned', signing: () => ({ signature: null }) },
  {
    name: 'signed with another secret',
    signing: (body) => ({ signature: slackSignature('not-the-secret', now(), body) }),
  },
  {
    name: 'replayed six minutes later',
    signing: (body) => {
      const timestamp = now() - 6 * 60;
      return { timestamp, signature: slackSignature(slackSigningSecret, timestamp, body) };
    },
  },
  {
    name: 'changed after signing',
    signing: (body) => ({ signature: slackSignature(slackSigningSecret, now(), `${body}&x=1`) }),
  },
];

describe('scenario 6: forged requests', () => {
  it('when Slack requests are unsigned, wrongly signed, replayed late or altered, and Discord interactions are for another application, none is answered or enqueued', async () => {
    const started = Date.now();
    const run = await startStack({ name: 'forged' });
    const front = await startSlackFront(run, 'forged');
    const logger = capturedLogger('forged-worker');
    run.startPool({ logger });
    const jobTotal = async () =>
      Object.values(await run.services.queue.queue.getJobCounts()).reduce((a, b) => a + b, 0);
    const reporter = run.names[0] ?? '';

    // Slack: a slash command, a form submission and a button press, each forged four ways.
    const requests = () => {
      const responseUrl = front.fake.responseUrl();
      const title = `Forged ${randomUUID().slice(0, 8)}`;
      const submission = front.submissionBody('incident', {
        title,
        date: '2026-03-14',
        reporter,
      });
      return [
        {
          kind: 'slash command',
          body: slashCommandBody(slackTester, '/whoswho', '', { responseUrl }),
          responseUrl,
        },
        {
          kind: 'form submission',
          body: submission.body,
          responseUrl: submission.responseUrl,
          title,
        },
        {
          kind: 'button press',
          body: interactionBody(
            buttonPressPayload(
              slackTester,
              {
                actionId: actionIdOf({ kind: 'run-command', id: 'a1' }),
                value: JSON.stringify({ command: 'whoswho', args: '' }),
              },
              { responseUrl },
            ),
          ),
          responseUrl,
        },
      ];
    };
    const jobsBefore = await jobTotal();
    const slackCallsBefore = front.fake.calls.length;
    const forged: { kind: string; forgery: string; status: number; url: string; title?: string }[] =
      [];
    for (let round = 0; round < 10; round += 1)
      for (const forgery of forgeries)
        for (const request of requests()) {
          const answer = await postToSlackApp(front.eventsUrl, request.body, {
            secret: slackSigningSecret,
            ...forgery.signing(request.body),
          });
          forged.push({
            kind: request.kind,
            forgery: forgery.name,
            status: answer.status,
            url: request.responseUrl,
            title: request.title,
          });
        }
    const slackCallsAfterForgeries = front.fake.calls.length;
    const jobsAfterForgeries = await jobTotal();

    // The same requests signed properly are taken (so the refusals are the signature's doing),
    // and a properly signed submission sent again within the five minutes is filed once.
    const genuine = requests();
    const genuineAnswers = [];
    for (const request of genuine)
      genuineAnswers.push(
        await postToSlackApp(front.eventsUrl, request.body, { secret: slackSigningSecret }),
      );
    const submission = genuine[1]!;
    const replay = await postToSlackApp(front.eventsUrl, submission.body, {
      secret: slackSigningSecret,
    });
    await until(
      () => genuine.every((request) => front.postsTo(request.responseUrl).length > 0),
      'answers to the genuine requests',
    );
    await until(async () => (await run.pending()) === 0, 'an idle queue');
    const filedGenuine = run.simulator.admin
      .records('incidents')
      .filter((record) => record.IncidentTitle === submission.title).length;

    // Discord: interactions of another application, of every kind.
    const fake = await startFakeDiscord({ applicationId: discordApplicationId });
    onTestFinished(() => fake.close());
    const club = { ...run.services, policy: testPolicy, timezone };
    const discord = await startAdapterOnFake(fake, oneClub(club, run.dispatcher), {
      token: discordToken,
      logger: capturedLogger('forged-discord'),
    });
    onTestFinished(() => discord.stop());
    await fake.ready();
    const stranger: Sender = { applicationId: '710000000000000099', userId: '610000000000000001' };
    const discordJobsBefore = await jobTotal();
    const foreign = [];
    for (let round = 0; round < 10; round += 1) {
      foreign.push(
        chatInput(stranger, { name: 'session', options: { when: 'Tuesday' } }),
        modalSubmit(stranger, {
          customId: encodeCustomId({ kind: 'form', form: 'incident' }),
          values: { title: 'Forged', date: '2026-03-14', reporter },
        }),
        buttonPress(stranger, encodeCustomId({ kind: 'run', command: 'whoswho', args: '' })),
        autocomplete(stranger, { name: 'member', focused: 'name', value: 'a' }),
      );
    }
    for (const payload of foreign) fake.sendInteraction(payload);
    // Interactions are handled in order: once a later genuine one is answered, all were seen.
    const control = chatInput(
      { applicationId: discordApplicationId, userId: '610000000000000002' },
      { name: 'help' },
    );
    fake.sendInteraction(control);
    await waitFor(() => callbacksOf(fake, control.id)[0], 'the genuine interaction');
    const foreignCallbacks = foreign.reduce(
      (sum, payload) => sum + callbacksOf(fake, payload.id).length,
      0,
    );

    const figures = {
      durationMs: Date.now() - started,
      slack: {
        forged: forged.length,
        byForgery: Object.fromEntries(
          forgeries.map((forgery) => [
            forgery.name,
            forged.filter((entry) => entry.forgery === forgery.name && entry.status === 401).length,
          ]),
        ),
        answered401: forged.filter((entry) => entry.status === 401).length,
        enqueued: jobsAfterForgeries - jobsBefore,
        slackApiCallsMade: slackCallsAfterForgeries - slackCallsBefore,
        postsToTheirResponseUrls: forged.reduce(
          (sum, entry) => sum + front.fake.postsTo(entry.url).length,
          0,
        ),
        forgedIncidentsFiled: run.simulator.admin
          .records('incidents')
          .filter((record) => forged.some((entry) => entry.title === record.IncidentTitle)).length,
        genuineAccepted: genuineAnswers.filter((answer) => answer.status === 200).length,
        genuineSubmissionSentTwiceFiled: filedGenuine,
        replayWithinFiveMinutesStatus: replay.status,
      },
      discord: {
        foreign: foreign.length,
        answered: foreignCallbacks,
        enqueued: (await jobTotal()) - discordJobsBefore,
      },
    };
    reportFigures('6 forged requests', figures);

    expect(figures.slack.answered401).toBe(forged.length);
    expect(figures.slack.enqueued).toBe(0);
    expect(figures.slack.slackApiCallsMade).toBe(0);
    expect(figures.slack.postsToTheirResponseUrls).toBe(0);
    expect(figures.slack.forgedIncidentsFiled).toBe(0);
    expect(figures.slack.genuineAccepted).toBe(3);
    expect(filedGenuine).toBe(1);
    expect(figures.discord).toEqual({ foreign: 40, answered: 0, enqueued: 0 });
  }, 90_000);
});
