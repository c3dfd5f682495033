import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes, servedOpenApiDocument } from '../../scripts/client-types.js';

describe('generated client types', { timeout: 60_000 }, () => {
  it('match what the served OpenAPI document generates (run `npm run client:types` after an API change)', async () => {
    const generated = await generateApiTypes(await servedOpenApiDocument());
    expect(generated === fs.readFileSync(API_TYPES_FILE, 'utf8'), 'src/client/api-types.ts is stale: run npm run client:types').toBe(true);
  });
});
