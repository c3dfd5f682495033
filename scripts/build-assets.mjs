#!/usr/bin/env node
// Builds the web console (src/console) into dist/console: one bundled script,
// one stylesheet and the HTML shell, all served by docrows itself (no CDN);
// and copies each language's OCR model (src/extract/lang/<code>/*.traineddata.gz)
// beside its built files, where src/extract/lang/index.ts finds it.
// Runs as part of `npm run build` (and so of `npm install` through prepare).
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles the console into `outdir` (default dist/console); returns the files written. */
export async function buildConsole(outdir = join(root, 'dist', 'console')) {
  const src = join(root, 'src', 'console');
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    entryPoints: { app: join(src, 'main.tsx'), styles: join(src, 'styles.css') },
    outdir,
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    logLevel: 'warning',
  });
  await copyFile(join(src, 'index.html'), join(outdir, 'index.html'));
  return [...Object.keys(result.metafile.outputs), join(outdir, 'index.html')];
}

/** Copies the languages' OCR models into dist/extract/lang/<code>/; returns the files written. */
export async function copyLanguageModels(outdir = join(root, 'dist', 'extract', 'lang')) {
  const src = join(root, 'src', 'extract', 'lang');
  const written = [];
  for (const entry of await readdir(src, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of await readdir(join(src, entry.name))) {
      if (!file.endsWith('.traineddata.gz')) continue;
      await mkdir(join(outdir, entry.name), { recursive: true });
      await copyFile(join(src, entry.name, file), join(outdir, entry.name, file));
      written.push(join(outdir, entry.name, file));
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await buildConsole(process.argv[2]);
  process.stdout.write(`console assets: ${files.length} files in ${process.argv[2] ?? 'dist/console'}\n`);
  const models = await copyLanguageModels();
  process.stdout.write(`OCR models: ${models.length} files in dist/extract/lang\n`);
}
