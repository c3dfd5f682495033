import { describe, expect, it } from 'vitest';
import { extractFromContent } from '../../src/extract/layout/rows/extract-page.js';
import { typeset } from './helpers/words.js';

describe('a page without items', () => {
  it('still answers one row when line fields are asked: nulls, and the photo a pure-location field locates', () => {
    const badge = { words: typeset([[30, [[30, 'Visitor badge']]], [60, [[30, 'Name: Jane Doe']]]]), rules: [], pictures: [{ x1: 0.1, y1: 0.2, x2: 0.4, y2: 0.5 }], aspect: 0.7 };
    const r = extractFromContent(badge, { fields: ['Description', 'Qty', 'Price', 'Photo'].map((name) => ({ name, formatRequirement: '' })), globalFormatRequirement: '', quality: 'fast' });
    expect(r.ok && r.rows).toEqual([{
      Description: { value: null, box: null },
      Qty: { value: null, box: null },
      Price: { value: null, box: null },
      Photo: { type: 'image_region', box: { x1: 0.1, y1: 0.2, x2: 0.4, y2: 0.5 } },
    }]);
  });
});
