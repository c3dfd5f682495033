/**
 * The layering docs/CONVENTIONS.md describes, enforced in `npm run lint`
 * (`npm run lint:deps`); test/lint/layering.test.ts proves each rule fails on a
 * violation. Top to bottom: the entry points (main.ts, app.ts, workers.ts,
 * cli/) → http → core (and export) → db, storage, jobs; extract and ingest are
 * the engine and the upload parser, usable without the service.
 */
const ROOT_WIRING = '^src/(main|app|workers)\\.ts$';

/** Files matching `from` may not import files matching `to`; `comment` says why (the lint prints it). */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'No import cycles anywhere in src (type-only imports included).',
      {},
      { circular: true }),
    forbid('http-through-core', 'Routes reach data only through core: no queries, blobs, queue or engine calls in src/http.',
      { path: '^src/http/' },
      { path: ['^src/(db|storage|jobs|extract|cli)/', ROOT_WIRING] }),
    forbid('core-below-http', 'core holds the rules and knows nothing of HTTP, the CLI, the output formats or the wiring that calls it.',
      { path: '^src/core/' },
      { path: ['^src/(http|cli|export)/', ROOT_WIRING] }),
    forbid('feature-through-its-face', 'Another core feature is imported through its index.ts only (inside a feature, files import each other directly).',
      { path: '^src/core/([^/]+)/' },
      { path: '^src/core/[^/]+/', pathNot: ['^src/core/$1/', '^src/core/[^/]+/index\\.ts$'] }),
    forbid('core-through-its-faces', 'Outside core, a feature is imported through its index.ts only.',
      { pathNot: '^src/core/' },
      { path: '^src/core/[^/]+/', pathNot: '^src/core/[^/]+/index\\.ts$' }),
    forbid('export-below-http', 'Output formats (xlsx) are built from core results and know nothing of HTTP or the CLI.',
      { path: '^src/export/' },
      { path: ['^src/(http|cli)/', ROOT_WIRING] }),
    forbid('db-at-the-bottom', 'Schema, migrations and query helpers import no layer above them (transactions are opened by core).',
      { path: '^src/db/' },
      { path: ['^src/(core|http|cli|export|jobs|extract|ingest|storage|threads)/', '^src/services\\.ts$', ROOT_WIRING] }),
    forbid('storage-at-the-bottom', 'Blob stores are plain byte stores: no rules, no database, no HTTP.',
      { path: '^src/storage/' },
      { path: ['^src/(core|http|cli|export|jobs|db|extract|ingest)/', '^src/services\\.ts$', ROOT_WIRING] }),
    forbid('jobs-know-no-feature', 'The queue, worker and registry run any job kind; features register their handlers (src/workers.ts lists them).',
      { path: '^src/jobs/' },
      { path: ['^src/(core|http|cli|export)/', ROOT_WIRING] }),
    forbid('engine-knows-no-service', 'extract (the engine), ingest (upload parsing) and einvoice (e-invoice XML) run without the service: no core, HTTP, database, queue, storage or CLI.',
      { path: '^src/(extract|ingest|einvoice)/' },
      { path: ['^src/(core|http|cli|export|jobs|db|storage)/', '^src/services\\.ts$', ROOT_WIRING] }),
    forbid('engine-through-its-entries', 'Outside src/extract the engine is reached through its entry files only: index.ts (the engines, the page reader, the line and box helpers), types.ts (the contract) and the index.ts of a folder directly under it (format/, concepts/, engines/); its stages are its own (src/extract/README.md).',
      { path: '^src/', pathNot: '^src/extract/' },
      { path: '^src/extract/', pathNot: ['^src/extract/(index|types)\\.ts$', '^src/extract/[^/]+/index\\.ts$'] }),
    forbid('languages-through-the-registry', 'A language folder (src/extract/lang/<code>/) is read only through the registry, src/extract/lang/index.ts: the engine knows no language by its folder (src/extract/README.md, "Add a language").',
      { pathNot: '^src/extract/lang/' },
      { path: '^src/extract/lang/[^/]+/' }),
    forbid('languages-are-data', 'The language folders are plain data: they import nothing of the engine or the service, so a language is added without touching either.',
      { path: '^src/extract/lang/' },
      { path: '^src/', pathNot: '^src/extract/lang/' }),
    forbid('cli-under-src-cli', 'Command-line code lives in src/cli: only it parses arguments (commander), and only the entry src/main.ts imports it.',
      { path: '^src/', pathNot: '^src/cli/' },
      { path: ['node_modules/commander/'] }),
    forbid('cli-is-an-entry', 'Nothing below the entry imports CLI code.',
      { path: '^src/', pathNot: ['^src/cli/', '^src/main\\.ts$'] },
      { path: '^src/cli/' }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
