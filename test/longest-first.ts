/**
 * The order test files start in. vitest starts the files it has timed before
 * longest first, but a clean clone (CI) has no timings, and vitest then starts
 * the largest files by bytes first. Some small files take long (a fuzz run,
 * a cluster of processes, the image's build), so a run ended on one of them
 * while the other forks had nothing left to do: 75 s of a 26-minute CI ran one
 * file alone. These files, the longest of a timed `npm test` (docs/decisions.md,
 * "Node"), start first in this order; every other file keeps vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  'test/scale/image-build.test.ts',
  'test/cli/readme-tours.test.ts',
  'test/scale/many-processes.test.ts',
  'test/hostile/uploads.test.ts',
  'test/console/console.test.ts',
  'test/extract/page-quad.test.ts',
  'test/http/layout-memory-scan-words.test.ts',
  'test/client/cli.test.ts',
  'test/http/operator.test.ts',
  'test/extract/ocr-languages.test.ts',
  'test/pipeline/page-images.test.ts',
  'test/cli/admin-cli.test.ts',
  'test/http/layout-memory.test.ts',
  'test/pipeline/multi-process.test.ts',
  'test/http/bbox-jobs.test.ts',
  'test/pipeline/crash.test.ts',
  'test/openai/http.test.ts',
  'test/lint/layering.test.ts',
  'test/http/documents-fuzz.test.ts',
  'test/pipeline/logs.test.ts',
  'test/cli/usage-errors.test.ts',
  'test/storage/blob-store.test.ts',
  'test/hostile/fuzz.test.ts',
  'test/extract/polish.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = LONGEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at < 0 ? LONGEST.length : at;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
