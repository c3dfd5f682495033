import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startEngineThreads } from '../../src/extract/engines/engine-threads.js';
import { textLayerPage } from '../helpers/seed-documents.js';

describe('engine threads: layout and page views for the model engine', () => {
  const threads = startEngineThreads(1);
  afterAll(() => threads.close());

  it('prepares a page view in a thread (words on the page image, picture regions, the resized JPEG handed back)', async () => {
    const seed = await textLayerPage(2, 3);
    const photo = { x1: 0.7, y1: 0.05, x2: 0.9, y2: 0.25 };
    const view = await threads.views.view({ image: seed.jpeg, textLayer: { ...seed.textLayer, images: [photo] } }, { quality: 'fast', wantPictures: true, imageLongSide: 512 });
    expect(view.words.map((w) => w.text).slice(0, 3)).toEqual(['Invoice', 'page', '3']);
    expect(view.words[0].box).toEqual(seed.textLayer.words[0].box);
    expect(view.pictures).toEqual([photo]);
    const meta = await sharp(view.jpeg).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['jpeg', 512]);
    // The same thread pool still runs the layout engine.
    const result = await threads.layout.extract({ image: seed.jpeg, textLayer: seed.textLayer }, { fields: [{ name: 'Item', formatRequirement: '' }], globalFormatRequirement: '', quality: 'fast' });
    expect(result.ok && result.rows.map((r) => (r.Item as { value: string }).value)).toEqual(['Widget 3-1', 'Widget 3-2']);
  });
});
