/**
 * `npm run jobs -- failed | retry <id> | remove <id> [--club <id>]`: the queue's failed jobs, for
 * a shell. Reads the configuration as `npm start` does: the one club of the environment, or the
 * clubs of the registry in a hosting deployment (`--club` picks one; without it, every club's).
 */
import { describeError } from '../errors.js';
import { openClubJobs } from '../jobs/club-queue.js';
import { runJobsCommand, type ClubJobs } from '../jobs/jobs-command.js';
import { openDeploymentOrExit } from './open-deployment.js';

const opened = await openDeploymentOrExit();
try {
  const queues: ClubJobs[] =
    opened.kind === 'single'
      ? [{ queue: openClubJobs(opened.redis, opened.prefix) }]
      : (await opened.registry.list()).map((club) => ({
          club: club.id,
          queue: openClubJobs(opened.redis, opened.prefixOf(club.id)),
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
