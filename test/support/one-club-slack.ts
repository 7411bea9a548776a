import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { createLogger } from '../../src/log.js';
import {
  startSlackAdapter,
  type RunningSlack,
  type SlackAdapterOptions,
  type SlackClub,
} from '../../src/platforms/slack/app.js';

/** One club as a test serves it on Slack: its front desk and where its state lives. */
export interface TestSlackClub extends SlackClub {
  dispatcher: Dispatcher;
}

/** The one Slack adapter serving one club, over HTTP on loopback unless an app token is given. */
export interface OneClubSlack {
  adapter: RunningSlack<SlackClub>;
  /** `POST /slack/events` of the adapter (HTTP only). */
  eventsUrl: string;
  /** The club's Slack replies, with the adapter's token. */
  sink: ReplySink;
}

/**
 * Starts the Slack adapter as a single-club bot runs it (one workspace, one club), with test
 * defaults: port 0 on 127.0.0.1, the bot's ids given, silent logs. `options` override them.
 */
export async function startOneClubSlack(
  club: TestSlackClub,
  options: Partial<Omit<SlackAdapterOptions<SlackClub>, 'clubFor' | 'dispatcherOf'>>,
): Promise<OneClubSlack> {
  const served: SlackClub = club;
  const adapter = await startSlackAdapter<SlackClub>({
    botToken: 'xoxb-test-token',
    botId: 'BBOT',
    botUserId: 'UBOT',
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    ...options,
    clubFor: () => served,
    dispatcherOf: () => club.dispatcher,
  });
  const eventsUrl = `http://127.0.0.1:${adapter.port ?? 0}/slack/events`;
  return { adapter, eventsUrl, sink: adapter.sinkFor(served) };
}
