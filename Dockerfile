# Posthaste image: `docker build --network host -t posthaste .` then see docs/deploy.md.
# Stage 1 builds (all dependencies, `npm run build`) and assembles the files `npm start` and the
# CLI read at run time, traced (scripts/image-tree.mjs); stage 2 carries only those, as the
# unprivileged `node` user. Why, and what it weighs: docs/decisions/0041-a-small-image.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first: this layer is reused until package.json or the lock file changes.
# (--loglevel=warn: the project's .npmrc silences npm, which would hide why an install failed.)
COPY package.json package-lock.json .npmrc ./
# npm ci's postinstall applies patches/ (patch-package; docs/decisions/0042).
COPY patches ./patches
RUN npm ci --no-audit --no-fund --loglevel=warn
COPY . .
# .next/ (Next's build, with its standalone output: BUILD_STANDALONE=1), dist/server.mjs (npm start)
# and dist/cli.mjs (the accounts CLI). Then .next/standalone gets what our bundles need besides
# Next's server, next.config.ts as one file needing no TypeScript sources (the server reads it
# again at start), and the browser's assets: it is the whole run-time tree.
RUN BUILD_STANDALONE=1 npm run build && node scripts/image-tree.mjs

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    SMTP_SUBMISSION_PORT=587 \
    SMTP_SUBMISSION_TLS_PORT=465 \
    SMTP_MX_PORT=25 \
    PGLITE_DIR=/app/.data/pglite
# package.json, next.config.mjs, dist/, .next/ (server files and static assets), the traced
# node_modules, and drizzle/ (migrations applied at start-up; server/db/migrate.ts looks beside the cwd).
COPY --from=build /app/.next/standalone ./
# The embedded database (no DATABASE_URL) and Next's runtime cache are the only writable places.
RUN mkdir -p .data .next/cache && chown node:node .data .next/cache
USER node
# HTTP, SMTP submission (STARTTLS, implicit TLS) and the inbound MX listener. Docker lets an
# unprivileged user bind ports below 1024 inside a container's own network
# (net.ipv4.ip_unprivileged_port_start=0); with --network host set SMTP_SUBMISSION_PORT /
# SMTP_SUBMISSION_TLS_PORT / SMTP_MX_PORT above 1023, or off.
EXPOSE 3000 587 465 25
VOLUME ["/app/.data"]
# /api/health answers 200 while the database answers (every role serves it). No curl in the slim image: node asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives docker stop's SIGTERM itself (server/main.ts drains, then exits).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.mjs"]
