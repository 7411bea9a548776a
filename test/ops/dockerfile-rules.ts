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

/**
 * Static checks of the Dockerfile (no Docker engine needed): a multi-stage build on node:20-slim
 * (bookworm) that runs `npm run build`, and a runtime stage with production dependencies only, the
 * built `dist/`, the OpenAPI document the simulator reads, an unprivileged user and a HEALTHCHECK
 * on /healthz. Returns every problem found.
 */
export function checkDockerfile(text: string): string[] {
  const problems: string[] = [];
  const instructions = instructionsOf(text);
  const fromAt = instructions.flatMap((instruction, index) =>
    instruction.keyword === 'FROM' ? [index] : [],
  );
  if (fromAt.length < 2) problems.push('it is not a multi-stage build (one FROM)');
  for (const index of fromAt) {
    const image = instructions[index]?.args.split(/\s+/)[0] ?? '';
    if (!/^node:20(\.[\d.]+)?(-bookworm)?-slim$/.test(image) && image !== 'node:20-slim')
      problems.push(`FROM ${image}: expected node:20-slim (bookworm)`);
  }
  const lastFrom = fromAt.at(-1) ?? 0;
  const build = instructions.slice(0, lastFrom);
  const runtime = instructions.slice(lastFrom + 1);
  const has = (stage: Instruction[], keyword: string, pattern: RegExp) =>
    stage.some((instruction) => instruction.keyword === keyword && pattern.test(instruction.args));

  if (!has(build, 'RUN', /npm run build/))
    problems.push('no stage before the last runs npm run build');
  if (!has(runtime, 'RUN', /npm ci\b.*--omit=dev/))
    problems.push('the runtime stage does not install with npm ci --omit=dev');
  if (!has(runtime, 'COPY', /--from=\S+\s+\S*dist\S*\s/))
    problems.push('the runtime stage does not copy dist/ from the build stage');
  if (!has(runtime, 'COPY', /openapi\/club-service\.yaml/))
    problems.push('the runtime stage lacks openapi/club-service.yaml (the simulator reads it)');
  const users = runtime.filter((instruction) => instruction.keyword === 'USER');
  const user = users.at(-1)?.args.split(':')[0];
  if (!user || user === 'root' || user === '0')
    problems.push('the runtime stage runs as root (no USER, or USER root)');
  if (!has(runtime, 'HEALTHCHECK', /\/healthz/))
    problems.push('the runtime stage has no HEALTHCHECK on /healthz');
  if (!has(runtime, 'CMD', /dist\/main\.js/))
    problems.push('the image does not start dist/main.js');
  if (runtime.some((instruction) => instruction.keyword === 'ENTRYPOINT'))
    problems.push('an ENTRYPOINT would stop compose running other scripts of the image');
  return problems;
}
