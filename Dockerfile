# syntax=docker/dockerfile:1
# The club bot's image. The default (last) stage, `runtime`, runs the bot and the worker with
# production dependencies only; the `demo` stage adds the simulator's development dependencies for
# the demo profile (see docker-compose.yml). Checked statically by test/ops/dockerfile.test.ts.

# Build stage: every dependency (TypeScript included), then `npm run build` into dist/.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: nothing the build needs has one (BullMQ's optional native msgpackr is not needed).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The admin commands' entry (package.json's bin) is run directly, so it must be executable.
RUN npm run build && chmod 755 dist/cli/club-bot.js

# Demo stage: the simulator needs openapi-backend, a development dependency, so it runs from the
# build stage's full node_modules. Only the demo profile builds this target.
FROM node:24-bookworm-slim AS demo
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY openapi/club-service.yaml ./openapi/club-service.yaml
USER node
EXPOSE 4010
CMD ["node", "dist/simulator/cli.js", "--host", "0.0.0.0", "--port", "4010"]

# Runtime stage: production dependencies only and the compiled code.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# `club-bot jobs failed` and the other admin commands, on PATH (npm links no bin of the app itself).
RUN ln -s /app/dist/cli/club-bot.js /usr/local/bin/club-bot
# The official image's unprivileged user; the code and dependencies stay root-owned, read-only to it.
USER node
ENV PORT=3000 OPS_PORT=9464
EXPOSE 3000
# The slim image has no curl: Node's own fetch asks the private ops port's /livez (200 live, 503 not).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.OPS_PORT || 9464) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
