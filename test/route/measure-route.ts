/**
 * Which source files run for one `/session tonight` from Slack (docs/architecture.md counts them):
 * the bot started as `npm start` starts it (one club from the environment, Slack over HTTP), the
 * caches warmed by three requests, then V8's own coverage taken around three more. A file counts
 * when a function of it ran (not only its module body) in every one of the three windows; it is
 * also marked when it runs in two seconds with no request (a timer). `npm run route` prints the list.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeCoverage } from 'node:v8';
import { runBot } from '../../src/app/run-bot.js';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import { startFakeSlack } from '../fakes/slack/start-fake-slack.js';
import { postToSlackApp, slashCommandBody } from '../fakes/slack/slack-requests.js';
import { testDataKey } from '../support/data-key.js';
import { unusedPort } from '../support/unused-port.js';
import { waitFor } from '../support/wait-for.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

if (!process.env.NODE_V8_COVERAGE) {
  // V8 collects coverage only when the variable is set as the process starts.
  const dir = mkdtempSync(join(tmpdir(), 'route-coverage-'));
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_V8_COVERAGE: dir },
  });
  rmSync(dir, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

const coverageDir = process.env.NODE_V8_COVERAGE;
const token = 'route-token-5e1a';
const secret = 'route-signing-secret';
const timezone = 'Europe/London';

const redis = await startPrivateRedis();
const simulator = await startSimulator({ token, members: 120, seed: 11 });
const slack = await startFakeSlack();
const { admin } = simulator;

// One session tonight, coached by a coach whose e-mail is theirs alone.
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: timezone }).format(
  new Date(),
);
const users = admin.records('users');
const sessions = admin.records('sessions').filter((session) => session.Archived !== 1);
const coachOf = (session: (typeof sessions)[number]) =>
  ((session.Coaches as { Guid: string }[] | undefined) ?? [])
    .map((coach) => users.find((user) => user.Guid === coach.Guid))
    .find(
      (user) =>
        user?.Active === 1 && users.filter((other) => other.Email === user.Email).length === 1,
    );
const tonight = sessions.find((session) => coachOf(session) !== undefined);
if (!tonight) throw new Error('the seeded club has no session with a coach of their own e-mail');
const coach = coachOf(tonight)!;
const otherDay = weekday === 'Monday' ? 'Tuesday' : 'Monday';
admin.setRecords(
  'sessions',
  admin
    .records('sessions')
    .map((session) =>
      session === tonight
        ? { ...session, WeekDay: weekday, StartTime: '19:00', EndTime: '20:00', NoSessionDates: [] }
        : session.WeekDay === weekday
          ? { ...session, WeekDay: otherDay }
          : session,
    ),
);
slack.setEmail('UCOACH', String(coach.Email));

// runBot sends console's lines to its (silent) logger: this script prints to stdout itself.
const print = (line: string) => process.stdout.write(`${line}\n`);
const port = await unusedPort();
const started = await runBot('all', {
  CLUB_API_URL: simulator.url,
  CLUB_API_TOKEN: token,
  CLUB_TIMEZONE: timezone,
  REDIS_URL: redis.url,
  CLUB_DATA_KEY: testDataKey,
  SLACK_BOT_TOKEN: 'xoxb-route',
  SLACK_SIGNING_SECRET: secret,
  SLACK_API_URL: slack.apiUrl,
  PORT: String(port),
  OPS_PORT: '0',
  LOG_LEVEL: 'silent',
});
if (started !== 0) throw new Error(`the bot did not start (exit code ${started})`);

/** One `/session tonight`, until its reply has been posted to the response_url. */
async function ask(): Promise<string> {
  const responseUrl = slack.responseUrl();
  const body = slashCommandBody({ userId: 'UCOACH' }, '/session', 'tonight', { responseUrl });
  const answer = await postToSlackApp(`http://127.0.0.1:${port}/slack/events`, body, { secret });
  if (answer.status !== 200) throw new Error(`Slack's request was answered ${answer.status}`);
  await waitFor(() => slack.postsTo(responseUrl).length > 0, 'the reply to /session tonight');
  // The deliverer acknowledges the outbox entry after Slack took the post.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return JSON.stringify(slack.postsTo(responseUrl)[0]?.body);
}

/** Per file run since the last take, the functions of it that ran (not its module body). */
function filesRun(): Map<string, string[]> {
  const before = new Set(readdirSync(coverageDir));
  takeCoverage();
  const [written] = readdirSync(coverageDir).filter((name) => !before.has(name));
  if (!written) throw new Error('V8 wrote no coverage');
  const report = JSON.parse(readFileSync(join(coverageDir, written), 'utf8')) as {
    result: {
      url: string;
      functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[];
    }[];
  };
  const files = new Map<string, string[]>();
  for (const script of report.result) {
    if (!script.url.startsWith('file://') || !script.url.endsWith('.ts')) continue;
    const path = relative(root, fileURLToPath(script.url));
    if (!path.startsWith('src/')) continue;
    const ran = script.functions
      .filter((fn) => (fn.ranges[0]?.startOffset ?? 0) > 0 && (fn.ranges[0]?.count ?? 0) > 0)
      // esbuild's helper that names a function as it is made: not a function the file defines.
      .filter((fn) => fn.functionName !== '__name')
      .map((fn) => fn.functionName || '(anonymous)');
    if (ran.length > 0) files.set(path, ran);
  }
  return files;
}

for (let i = 0; i < 3; i += 1) await ask();
const reply = await ask();
if (!reply.includes(String(tonight.SessionName))) {
  print(`The reply does not name the session tonight: ${reply.slice(0, 300)}`);
}
// Quiet first, so that no tail of the last request (a timer it set) falls in the idle window.
await new Promise((resolve) => setTimeout(resolve, 3_000));
filesRun();
await new Promise((resolve) => setTimeout(resolve, 2_000));
const idle = filesRun();
const windows: Map<string, string[]>[] = [];
for (let i = 0; i < 3; i += 1) {
  filesRun();
  await ask();
  windows.push(filesRun());
}
const [first] = windows;
const route = [...first!.keys()].filter((file) => windows.every((run) => run.has(file))).sort();
const sometimes = [...new Set(windows.flatMap((run) => [...run.keys()]))]
  .filter((file) => !route.includes(file))
  .sort();

const why = process.argv.includes('--why');
print(`${route.length} files run for one /session tonight (* also runs with no request: timers):`);
for (const file of route) {
  print(`  ${idle.has(file) ? '*' : ' '} ${file}${why ? `: ${first!.get(file)!.join(', ')}` : ''}`);
}
if (sometimes.length) print(`\nIn some requests' windows only: ${sometimes.join(', ')}`);
process.exit(0);
