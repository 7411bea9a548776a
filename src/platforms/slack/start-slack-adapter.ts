import type { AddressInfo } from 'node:net';
import { createSlackApp, type SlackAppOptions } from './app.js';

/** Options for {@link startSlackAdapter}. */
export interface SlackAdapterOptions extends SlackAppOptions {
  /** Interface to listen on in HTTP mode. Default: every interface. */
  host?: string;
}

/** A running Slack adapter. */
export interface RunningSlackAdapter {
  /** The HTTP port listened on (useful with `port: 0`); undefined in Socket Mode without routes. */
  port: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the Slack adapter that `npm start` runs: HTTP on `port` (`POST /slack/events` and the
 * custom routes), or Socket Mode when an app token is given.
 */
export async function startSlackAdapter(
  options: SlackAdapterOptions,
): Promise<RunningSlackAdapter> {
  const app = createSlackApp(options);
  if (options.appToken !== undefined) {
    await app.start();
    return {
      port: options.customRoutes?.length ? options.port : undefined,
      stop: async () => {
        await app.stop();
      },
    };
  }
  const server = await app.start({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
  });
  const address = server.address() as AddressInfo | string | null;
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    stop: async () => {
      await app.stop();
    },
  };
}
