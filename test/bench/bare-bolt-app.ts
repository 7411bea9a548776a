import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { benchBotToken, benchSigningSecret } from './bench-setup.js';

/**
 * B1's baseline: a Bolt app over HTTP with the bot's receiver settings (signature checked,
 * `processBeforeResponse` false) whose only listener acknowledges every slash command.
 */
export async function startBareBoltApp(
  slackApiUrl: string,
): Promise<{ eventsUrl: string; stop(): Promise<void> }> {
  const app = new App({
    token: benchBotToken,
    signingSecret: benchSigningSecret,
    botId: 'BBOT',
    botUserId: 'UBOT',
    processBeforeResponse: false,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl, retryConfig: { retries: 0 } },
  });
  app.command(/.*/, async ({ ack }) => {
    await ack();
  });
  const server = await app.start({ port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  return {
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    stop: async () => {
      await app.stop();
    },
  };
}
