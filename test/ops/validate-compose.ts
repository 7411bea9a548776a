/**
 * `npx tsx test/ops/validate-compose.ts`: checks the deployment files without a Docker engine —
 * docker-compose.yml against the configuration contract (with demo.env, and with .env.example
 * filled in), the Dockerfile's shape, and .env.example listing every variable. Prints each
 * problem; exit code 1 when there is one.
 */
import { readFileSync } from 'node:fs';
import { checkCompose } from './compose-rules.js';
import { checkDockerfile } from './dockerfile-rules.js';
import { checkEnvExample, filledEnvExample, parseEnvExample } from './env-example-rules.js';

const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');

const envExample = read('.env.example');
const found = {
  'docker-compose.yml': checkCompose(read('docker-compose.yml'), {
    demoEnv: parseEnvExample(read('demo.env')),
    environments: { '.env.example filled in': filledEnvExample(envExample) },
  }),
  Dockerfile: checkDockerfile(read('Dockerfile')),
  '.env.example': checkEnvExample(envExample),
};

const problems = Object.entries(found).flatMap(([file, list]) =>
  list.map((problem) => `${file}: ${problem}`),
);
if (problems.length > 0) {
  console.error(`The deployment files have ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
} else {
  console.log(
    `docker-compose.yml, demo.env, Dockerfile and .env.example agree with the configuration contract.`,
  );
}
