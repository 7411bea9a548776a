# syntax=docker/dockerfile:1
# The club bot's image: one image for the bot, the worker and the demo's simulator; the command
# picks the role (see docker-compose.yml). Checked statically by test/ops/compose.test.ts.

# Build stage: every dependency (TypeScript included), then `npm run build` into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: nothing the build needs has one (BullMQ's optional native msgpackr is not needed).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies only, the compiled code, and the OpenAPI document the
# simulator reads at run time (found by walking up from dist/simulator/ to openapi/).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY openapi/club-service.yaml ./openapi/club-service.yaml
# The official image's unprivileged user; the code and dependencies stay root-owned, read-only to it.
USER node
ENV PORT=3000
EXPOSE 3000
# node:20-slim has no curl: Node's own fetch asks /healthz (200 healthy, 503 not).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
