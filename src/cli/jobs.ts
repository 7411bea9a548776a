/**
 * `club-bot jobs failed | retry <id> | remove <id> [--club <id>]` (`npm run jobs -- …` in
 * development): the queue's failed jobs, for a shell. Reads the configuration as the bot does: the
 * one club of the environment, or the clubs of the registry in a hosting deployment (`--club`
 * picks one; without it, every club's).
 */
import { describeError } from '../errors.js';
import { createDoorbell } from '../hosting/doorbell.js';
import { environmentClubId } from '../hosting/environment-directory.js';
import { doorbellKeys } from '../redis/club-keys.js';
import { openClubJobs } from '../jobs/club-queue.js';
import { jobsUsage, runJobsCommand, type ClubJobs } from '../jobs/jobs-command.js';
import { asksForHelp } from './admin-program.js';
import { openDeploymentOrExit } from './open-deployment.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(jobsUsage);
  process.exit(0);
}
const opened = await openDeploymentOrExit();
try {
  // A retried job rings the doorbell the running bot's worker pool waits on.
  const bell = createDoorbell(opened.redis, doorbellKeys().jobs);
  const queues: ClubJobs[] =
    opened.kind === 'single'
      ? [
          {
            queue: openClubJobs(opened.redis, opened.prefix),
            ring: () => bell.ring(environmentClubId),
          },
        ]
      : (await opened.registry.list()).map((club) => ({
          club: club.id,
          queue: openClubJobs(opened.redis, opened.prefixOf(club.id)),
          ring: () => bell.ring(club.id),
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
