/**
 * `npm run simulator -- --port 4010 --token <t> --members 250 --seed 1 ...`: runs the club-service
 * simulator until SIGINT or SIGTERM. Prints one line when ready, with its URL (and the token only
 * when it is the default demo token). Bad flags: a message, the usage, exit code 2.
 */
import { parseSimulatorArgs, simulatorUsage, type SimulatorArgs } from './parse-simulator-args.js';
import { defaultLayoutOf } from './simulator-profile.js';
import { startSimulator } from './start-simulator.js';
import { describeError } from '../errors.js';

let args: SimulatorArgs;
try {
  args = parseSimulatorArgs(process.argv.slice(2));
} catch (error) {
  console.error(`simulator: ${describeError(error)}`);
  console.error(simulatorUsage);
  process.exit(2);
}

if (args.kind === 'help') {
  console.log(simulatorUsage);
  process.exit(0);
}

const { options, tokenDefaulted } = args;
try {
  const simulator = await startSimulator(options);
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    // Fire and forget from a signal handler: both outcomes end the process.
    void simulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`simulator: stopping failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  // Before the ready line: whoever reads it may signal at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const members = options.members ?? 250;
  const seed = options.seed ?? 1;
  const token = tokenDefaulted ? `, token ${options.token}` : '';
  const profile = options.profile === 'spec' ? '' : `, ${options.profile} profile`;
  const layout =
    (options.layout ?? defaultLayoutOf(options.profile ?? 'spec')) === 'bare'
      ? ', bare layout'
      : '';
  const beyond = options.beyondSpec === false ? ', spec collections only' : '';
  const clubs =
    (options.clubs ?? 1) > 1
      ? `, ${options.clubs} clubs: tokens <token>-1 to -${options.clubs}`
      : '';
  console.log(
    `club-service simulator listening on ${simulator.url} (${members} members, seed ${seed}${profile}${layout}${beyond}${clubs}${token})`,
  );
} catch (error) {
  console.error(`simulator: ${describeError(error)}`);
  process.exit(1);
}
