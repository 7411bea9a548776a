/**
 * `npm run jobs -- failed | retry <id> | remove <id> [--club <id>]`: the queue's failed jobs, for
 * a shell. Reads the configuration as `npm start` does: the one club of the environment, or the
 * clubs of the registry in a hosting deployment (`--club` picks one; without it, every club's).
 */
import { Queue } from 'bullmq';
import { ConfigError } from '../config.js';
import { describeError } from '../errors.js';
import { defaultQueueName } from '../jobs/club-queue.js';
import { runJobsCommand, type ClubJobs } from '../jobs/jobs-command.js';
import { openDeployment, type Deployment } from './open-deployment.js';

let deployment: Deployment;
try {
  deployment = await openDeployment();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const opened = deployment;
const queueAt = (prefix: string): ClubJobs['queue'] =>
  new Queue(defaultQueueName, { connection: opened.redis, prefix });
try {
  const queues: ClubJobs[] =
    opened.kind === 'single'
      ? [{ queue: queueAt(opened.prefix) }]
      : (await opened.registry.list()).map((club) => ({
          club: club.id,
          queue: queueAt(opened.prefixOf(club.id)),
        }));
  process.exitCode = await runJobsCommand(process.argv.slice(2), {
    queues,
    print: (line) => console.log(line),
  });
  await Promise.all(queues.map(({ queue }) => queue.close()));
} catch (error) {
  console.error(`jobs: ${describeError(error)}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
