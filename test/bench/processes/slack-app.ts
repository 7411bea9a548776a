/**
 * A Slack app in a process of its own, with its own heap and event loop: either the bot as
 * `npm start -- --role bot` runs it (services, dispatcher, Bolt over HTTP, and the deliverer that
 * posts the workers' replies to Slack), or B1's baseline, a bare Bolt app that only acknowledges
 * (BENCH_APP=bare).
 */
import { startReplyDeliverer } from '../../../src/delivery/start-reply-deliverer.js';
import { createSlackReplySink } from '../../../src/platforms/slack/reply-sink.js';
import { startSlackAdapter } from '../../../src/platforms/slack/app.js';
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
  const { services, logger, metrics, prefix } = processServices('bot');
  const { dispatcher } = services;
  const adapter = await startSlackAdapter({
    signingSecret: benchSigningSecret,
    botToken: benchBotToken,
    slackApiUrl,
    botId: 'BBOT',
    botUserId: 'UBOT',
    port: 0,
    host: '127.0.0.1',
    dispatcher,
    redis: services.redis,
    prefix,
    sealer: services.sealer,
    logger,
  });
  const deliverer = startReplyDeliverer({
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
    logger,
    sinks: {
      slack: createSlackReplySink({
        botToken: benchBotToken,
        slackApiUrl,
        redis: services.redis,
        prefix,
        sealer: services.sealer,
        logger,
      }),
    },
    onDelivered: (event) => metrics.replyDelivered(event),
  });
  eventsUrl = `http://127.0.0.1:${adapter.port}/slack/events`;
  stop = async () => {
    await adapter.stop();
    await deliverer.stop();
    await services.close();
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
