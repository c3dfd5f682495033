# docrows image: one image for every role (README.md, "Running it as a service").
#   API:     node bin/docrows.js serve   (the default command; DOCROWS_WORKERS=0 for API-only)
#   workers: node bin/docrows.js worker  (set DOCROWS_OPERATOR_PORT for its /readyz and /metrics)

FROM node:24-bookworm-slim AS build
# better-sqlite3 compiles its native module when no prebuilt binary can be fetched for this Node.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts are skipped (the `prepare` build needs the sources); better-sqlite3's native module is built explicitly.
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
# What `npm run build` reads: test/scale/image-build.test.ts builds from exactly these files.
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
# onnxruntime-node ships its native library for every platform; the image keeps Linux's (the second reader, src/extract/read/line-recognizer.ts).
RUN npm run build && npm prune --omit=dev --ignore-scripts && rm -rf node_modules/onnxruntime-node/bin/napi-v6/darwin node_modules/onnxruntime-node/bin/napi-v6/win32

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    DOCROWS_HOST=0.0.0.0 \
    DOCROWS_PORT=8080 \
    DOCROWS_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# The built code, and beside the engine each language's OCR model (src/extract/lang/README.md).
COPY --from=build /app/dist ./dist
COPY bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Ready = database and storage reachable. Workers answer on DOCROWS_OPERATOR_PORT, API processes on DOCROWS_PORT.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const p=process.env.DOCROWS_OPERATOR_PORT||process.env.DOCROWS_PORT||8080;fetch('http://127.0.0.1:'+p+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: no new requests or jobs, DOCROWS_SHUTDOWN_GRACE_S for running ones.
STOPSIGNAL SIGTERM
CMD ["node", "bin/docrows.js", "serve"]
