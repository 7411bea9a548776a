/**
 * `npm run demo`: the try-out that needs no accounts. Starts a private Redis (or uses REDIS_URL),
 * the club-service simulator with a seeded fictional club (or uses CLUB_API_URL), a worker and a
 * terminal chat, and stops them all on exit. `npm run demo -- "/session tonight"` answers that
 * command (or several) and exits; `--as coach` (welfare, membership, member, unlinked) runs as a
 * seeded person with only that part in the club; `--help` prints the usage and personas.
 */
import type { AccessPolicy } from './access/access-policy.js';
import { defaultAccessPolicy } from './access/access-policy.js';
import { ownConnections } from './app/own-connections.js';
import {
  environmentClubSettings,
  openEnvironmentDirectory,
} from './hosting/environment-directory.js';
import { doorbellsOf, startClubWork } from './hosting/start-club-work.js';
import type { ChatUser } from './core/chat-user.js';
import { botRoles } from './core/roles.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger, synchronousDestination } from './log.js';
import { createConsoleChat } from './platforms/console/app.js';
import { createConsoleSink } from './platforms/console/reply-sink.js';
import { createLineReader, type LineReader } from './platforms/console/line-reader.js';
import {
  RedisServerMissingError,
  startPrivateRedis,
  type PrivateRedis,
} from './redis/private-redis-server.js';
import { demoPersona, readDemoArgs } from './app/demo-persona.js';
import { startSimulator, type RunningSimulator } from './simulator/start-simulator.js';
import { newDataKey } from './redis/sealer.js';
import { stopInReverse } from './app/on-shutdown.js';

const demoToken = 'demo-token';

async function main(argv: string[]): Promise<number> {
  const args = readDemoArgs(argv);
  if ('help' in args) {
    console.log(args.help);
    return 0;
  }
  if ('error' in args) {
    console.error(args.error);
    return 1;
  }
  const { as, commands } = args;
  const env = process.env;
  const stops: (() => Promise<void>)[] = [];
  const stopAll = () => stopInReverse(stops);
  try {
    let redis: PrivateRedis | undefined;
    if (!env.REDIS_URL) {
      redis = await startPrivateRedis();
      stops.push(() => redis!.stop());
    }
    let simulator: RunningSimulator | undefined;
    if (!env.CLUB_API_URL) {
      simulator = await startSimulator({ port: 0, token: demoToken, members: 250, seed: 1 });
      stops.push(() => simulator!.stop());
    }
    const config = loadConfig({
      ...env,
      REDIS_URL: env.REDIS_URL ?? redis?.url,
      CLUB_API_URL: env.CLUB_API_URL ?? simulator?.url,
      CLUB_API_TOKEN: env.CLUB_API_URL ? env.CLUB_API_TOKEN : demoToken,
      // The demo's own Redis is thrown away at exit, and its key with it.
      CLUB_DATA_KEY: env.CLUB_DATA_KEY ?? newDataKey(),
    });
    // Logs would drown the chat: they go to standard error, and only warnings unless LOG_LEVEL says.
    const logger = createLogger(
      { level: env.LOG_LEVEL ?? 'warn', role: 'demo' },
      synchronousDestination(2),
    );

    // Without --as, the demo's person is the welfare officer and may run everything, to show
    // every command; with it, a seeded person with only that part, linked by their e-mail.
    const persona =
      simulator && as !== 'unlinked'
        ? demoPersona(
            simulator.admin.records('users'),
            simulator.admin.records('roles'),
            as,
            simulator.admin.records('sessions'),
          )
        : undefined;
    const user: ChatUser = {
      platform: 'console',
      userId: 'demo',
      displayName: persona?.name ?? 'Demo visitor',
      ...(persona ? { email: persona.email } : {}),
    };
    const policy: AccessPolicy = as
      ? defaultAccessPolicy
      : {
          ...defaultAccessPolicy,
          grant: [{ platform: 'console', user: 'demo', roles: [...botRoles] }],
        };

    // The demo's club is the environment's, as `club-bot start` serves it, under keys of its own.
    const root = 'club-bot-demo';
    const connections = ownConnections(config, logger);
    const bells = doorbellsOf(connections.redis, root);
    const directory = openEnvironmentDirectory({
      settings: { ...environmentClubSettings(config, policy), prefix: root },
      discordGuilds: [],
      config,
      connections,
      logger,
      jobsBell: bells.jobs,
    });
    stops.push(async () => {
      await directory.close();
      await connections.queueConnection.quit().catch(() => undefined);
      await connections.redis.quit().catch(() => undefined);
    });
    const club = directory.club(directory.ids()[0] ?? '')!;
    // Who is asking is decided from cached members and roles: read them once now, as a worker
    // would on its first command, so the first form already knows the person.
    await Promise.all([club.data.members(), club.data.roles()]);
    const sink = createConsoleSink();
    const work = startClubWork({
      directory,
      ...connections,
      logger,
      root,
      sinksFor: () => ({ console: sink }),
    });
    stops.push(() => work.stop());

    // Standard input is read only when a question is asked, so a one-shot command exits at once.
    let reader: LineReader | undefined;
    const ask = (question: string) =>
      (reader ??= createLineReader(process.stdin, process.stdout)).ask(question);
    stops.push(async () => reader?.close());

    const chat = createConsoleChat({
      dispatcher: club.dispatcher,
      sink,
      user,
      ask,
      print: (text) => console.log(text),
    });

    const who = persona
      ? `${persona.name} (${persona.role}${as ? '' : ', with every role'})`
      : as === 'unlinked'
        ? 'someone the club’s records do not know'
        : 'an unlinked volunteer with every role';
    if (commands.length > 0) {
      if (as) console.log(`(you are ${who})`);
      for (const command of commands) {
        console.log(`> ${command}`);
        await chat.run(command);
      }
      return 0;
    }
    console.log(
      `club bot demo: you are ${who} in a fictional club. Try /help, /session tonight, /incident new. Ctrl-D to leave.`,
    );
    for (;;) {
      const line = await ask('> ');
      if (line === undefined || ['exit', 'quit', '/exit', '/quit'].includes(line.trim())) return 0;
      await chat.run(line);
    }
  } catch (error) {
    if (error instanceof RedisServerMissingError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await stopAll();
  }
}

const code = await main(process.argv.slice(2));
process.exit(code);
