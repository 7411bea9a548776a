/**
 * A Slack app in a process of its own, with its own heap and event loop: either the bot as
 * `npm start -- --role bot` runs it (the environment's club as a directory of one, its dispatcher,
 * Bolt over HTTP, and the hosted deliverer that posts the workers' replies to Slack when the
 * worker process rings the outbox doorbell), or B1's baseline, a bare Bolt app that only
 * acknowledges (BENCH_APP=bare).
 */
import { startHostedDeliverer } from '../../../src/hosting/start-hosted-deliverer.js';
import { startOneClubSlack } from '../../support/one-club-slack.js';
import { startBareBoltApp } from '../bare-bolt-app.js';
import { benchBotToken, benchSigningSecret } from '../bench-setup.js';
import { serveParent, signalReady } from '../child-process.js';
import { processServices, requiredEnv } from '../process-services.js';

const slackApiUrl = requiredEnv('BENCH_SLACK_API_URL');
let eventsUrl: string;
let stop: () => Promise<void>;
if (process.env.BENCH_APP === 'bare') {
  const bare = await startBareBoltApp(slackApiUrl);
  eventsUrl = bare.eventsUrl;
  stop = bare.stop;
} else {
  const { club, services, logger, metrics } = processServices('bot');
  const { dispatcher } = services;
  const slack = await startOneClubSlack(
    { ...services, dispatcher },
    { signingSecret: benchSigningSecret, botToken: benchBotToken, slackApiUrl, logger },
  );
  const deliverer = startHostedDeliverer({
    directory: club.directory,
    redis: club.redis,
    logger,
    root: club.root,
    sinksFor: () => ({ slack: slack.sink }),
    onDelivered: (event) => metrics.replyDelivered(event),
  });
  eventsUrl = slack.eventsUrl;
  stop = async () => {
    await slack.adapter.stop();
    await deliverer.stop();
    await club.close();
  };
}

serveParent(
  async (message) => {
    throw new Error(`unknown request ${message.type}`);
  },
  async () => {
    await stop();
    return {};
  },
);
signalReady({ eventsUrl });
