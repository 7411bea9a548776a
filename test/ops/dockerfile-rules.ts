/** One Dockerfile instruction, its continuation lines joined. */
interface Instruction {
  keyword: string;
  args: string;
}

function instructionsOf(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** One build stage: its base image, its name (`AS name`) and its instructions. */
interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/);
      stages.push({ image, ...(as?.toUpperCase() === 'AS' ? { name } : {}), instructions: [] });
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

const has = (stage: Stage | undefined, keyword: string, pattern: RegExp) =>
  (stage?.instructions ?? []).some(
    (instruction) => instruction.keyword === keyword && pattern.test(instruction.args),
  );

/**
 * Static checks of the Dockerfile (no Docker engine needed): a multi-stage build on Node 24 LTS
 * (node:24-bookworm-slim) that runs `npm run build`; a `demo` stage for the demo profile's
 * simulator, with development dependencies and the OpenAPI document it reads; and a last,
 * default stage with production dependencies only, the built `dist/`, an unprivileged user and a
 * HEALTHCHECK on the ops port's /livez, and `club-bot` on PATH. Returns every problem found.
 */
export function checkDockerfile(text: string): string[] {
  const problems: string[] = [];
  const stages = stagesOf(instructionsOf(text));
  if (stages.length < 2) problems.push('it is not a multi-stage build (one FROM)');
  for (const { image } of stages) {
    if (!/^node:24(\.[\d.]+)?-bookworm-slim$/.test(image))
      problems.push(`FROM ${image}: expected node:24-bookworm-slim (Node 24 LTS)`);
  }
  const runtime = stages.at(-1);
  const demo = stages.find((stage) => stage.name === 'demo');
  if (!stages.slice(0, -1).some((stage) => has(stage, 'RUN', /npm run build/)))
    problems.push('no stage before the last runs npm run build');
  if (!has(runtime, 'RUN', /npm ci\b.*--omit=dev/))
    problems.push('the runtime stage does not install with npm ci --omit=dev');
  if (!has(runtime, 'COPY', /--from=\S+\s+\S*dist\S*\s/))
    problems.push('the runtime stage does not copy dist/ from the build stage');
  const users = (runtime?.instructions ?? []).filter(
    (instruction) => instruction.keyword === 'USER',
  );
  const user = users.at(-1)?.args.split(':')[0];
  if (!user || user === 'root' || user === '0')
    problems.push('the runtime stage runs as root (no USER, or USER root)');
  if (!has(runtime, 'HEALTHCHECK', /OPS_PORT.*\/livez/))
    problems.push("the runtime stage has no HEALTHCHECK on the ops port's /livez");
  if (!has(runtime, 'RUN', /ln -s \S*dist\/cli\/club-bot\.js \/usr\/local\/bin\/club-bot\b/))
    problems.push('the runtime stage does not put the club-bot admin command on PATH');
  if (!has(runtime, 'CMD', /dist\/main\.js/))
    problems.push('the image does not start dist/main.js');
  if (runtime?.instructions.some((instruction) => instruction.keyword === 'ENTRYPOINT'))
    problems.push('an ENTRYPOINT would stop compose running other scripts of the image');
  if (!demo || demo === runtime)
    problems.push('there is no demo stage before the last (the demo profile builds target: demo)');
  else {
    const devModules =
      has(demo, 'COPY', /--from=\S+\s+\S*node_modules/) ||
      has(demo, 'RUN', /npm ci\b(?!.*--omit=dev)/);
    if (!devModules)
      problems.push(
        "the demo stage lacks development dependencies (the simulator's openapi-backend)",
      );
    if (!has(demo, 'COPY', /openapi\/club-service\.yaml/))
      problems.push('the demo stage lacks openapi/club-service.yaml (the simulator reads it)');
  }
  return problems;
}
