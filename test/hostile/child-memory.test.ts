import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxFixture, docxFromXml } from '../fixtures/ingest/file-fixtures.js';
import { textPdf } from '../fixtures/ingest/pdf-fixtures.js';
import { isContractError } from './contract.js';
import { processTree } from '../../bench/lib/process-tree.js';
import { fileForm, startHostileServer, type HostileServer } from './server.js';

/**
 * The ingest children's memory bound (DOCROWS_INGEST_MEMORY_MB: the child's
 * V8 heap gets 3/4 of it, src/ingest/ingest-process-pool.ts, and a watchdog kills a
 * child whose RSS passes all of it). A .docx inside every size cap (its
 * document.xml just under the 20 MB that src/ingest/docx-pdf.ts reads) whose
 * 600,000 one-letter paragraphs take ~210 MB of heap to parse needs more than
 * a 256 MB child has: the upload fails as the contract's error, the server
 * goes on, and the next upload is served by a fresh child.
 */
const MEMORY_MB = 256;

function denseDocx(): Buffer {
  const paragraph = '<w:p><w:r><w:t>a</w:t></w:r></w:p>';
  const count = Math.floor((19 * 1024 * 1024) / paragraph.length);
  return docxFromXml(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + paragraph.repeat(count)
    + '</w:body></w:document>',
  );
}

describe('an upload that needs more memory than an ingest child may use', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer({ DOCROWS_INGEST_MEMORY_MB: String(MEMORY_MB) });
  }, 120_000);
  afterAll(() => server?.stop(), 60_000);

  it('fails that upload with invalid_parameter on file; the server lives and the next upload is served', async () => {
    // A docx within the bound converts: the bound is not simply too small for the work.
    expect((await server.upload(fileForm('small', 'small.docx', docxFixture()))).status).toBe(200);
    const childrenBefore = processTree(server.child.proc.pid!).slice(1);

    const res = await server.upload(fileForm('dense', 'dense.docx', denseDocx()));
    expect(res.status, res.text).toBe(400);
    const body = JSON.parse(res.text) as { error: { code: string; param: string; message: string } };
    expect(isContractError(body), res.text).toBe(true);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', param: 'file' });
    expect(body.error.message).toMatch(/could not be read safely/);

    expect(await server.alive()).toBe(true);
    const next = await server.upload(fileForm('after', 'after.pdf', await textPdf({ pages: 1 })));
    expect(next.status, next.text).toBe(200);
    // The child that hit the bound is gone; another took its place.
    expect(processTree(server.child.proc.pid!).slice(1)).not.toEqual(childrenBefore);
  }, 120_000);
});
