# syntax=docker/dockerfile:1
# The BookHaven gateway. The SPA is built where the development tools are (stage `build`); the image that runs
# gets the runtime dependencies only (`npm ci --omit=dev`), runs as the unprivileged `node` user, and keeps
# what it writes (the SQLite file and a generated session secret, when MongoDB and SESSION_SECRET are not
# used) in the /data volume.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# patches/: what `npm ci` changes in a dependency after installing it (decision 098).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# codegen, then the SPA and the GraphQL sandbox into dist/
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data
# Two malloc arenas instead of one per thread (the gateway runs SQLite reader threads and libuv's pool):
# 8 to 10 MB less RSS under the mixed load of the bench's S5.
ENV MALLOC_ARENA_MAX=2
# Node's compile cache, filled here by loading every module the gateway starts with (MongoDB and Redis too): a
# container boots without
# stripping TypeScript or compiling (0.8 s of CPU instead of 1.25 s) and never loads the TypeScript stripper,
# some 10 MB of RSS. The node user may add what later boots compile.
ENV NODE_COMPILE_CACHE=/app/.cache/node-compile
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json schema.graphql ./
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/dist ./dist
RUN node --max-old-space-size=160 --max-semi-space-size=8 --input-type=module \
  -e "await import('/app/server/index.ts'); await import('/app/server/store/mongo/open-mongo-store.ts'); await import('ioredis')" \
  && mkdir -p /data && chown node:node /data && chown -R node:node /app/.cache
USER node
VOLUME ["/data"]
EXPOSE 4000
# Liveness only: a database outage makes /readyz fail (the proxy stops sending requests), not the container.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The same heap flags as `npm start` (decision 087).
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=8", "server/index.ts"]
