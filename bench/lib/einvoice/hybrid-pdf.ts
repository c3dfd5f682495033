/**
 * Makes a hybrid PDF the way ZUGFeRD / Factur-X issuers do: the invoice XML
 * as an embedded file with its AFRelationship, listed in the catalog's /AF,
 * and the XMP metadata of PDF/A-3 with the Factur-X extension schema.
 * Options cover the variants readers meet: only in /AF, only in the name
 * tree, pre-compressed data (bombs), another relationship.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

export interface AttachOptions {
  /** File name; factur-x.xml by default. */
  name?: string;
  relationship?: 'Data' | 'Alternative' | 'Source' | 'Supplement' | 'Unspecified';
  /** Where the file is listed; both by default. */
  inNameTree?: boolean;
  inAf?: boolean;
  /** The bytes are already FlateDecode data (for bombs larger than memory). */
  deflated?: boolean;
  /** The Factur-X conformance level written to the XMP (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED, XRECHNUNG). */
  conformance?: string;
}

function xmp(name: string, conformance: string): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${name}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>${conformance}</fx:ConformanceLevel>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Adds `data` to the PDF as an embedded, associated file and returns the saved bytes. */
export async function attachInvoiceXml(pdf: Uint8Array, data: Uint8Array, o: AttachOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const name = o.name ?? 'factur-x.xml';
  const stream = ctx.stream(o.deflated ? data : deflateSync(data), {
    Type: 'EmbeddedFile',
    Subtype: 'text/xml',
    Filter: 'FlateDecode',
    Params: { ModDate: PDFString.fromDate(new Date(0)) },
  });
  const spec = ctx.obj({
    Type: 'Filespec',
    F: PDFString.of(name),
    UF: PDFHexString.fromText(name),
    Desc: PDFString.of('Invoice data'),
    AFRelationship: o.relationship ?? 'Alternative',
    EF: { F: ctx.register(stream), UF: ctx.register(stream) },
  });
  const specRef = ctx.register(spec);
  if (o.inNameTree ?? true) {
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ EmbeddedFiles: { Names: [PDFString.of(name), specRef] } }));
  }
  if (o.inAf ?? true) doc.catalog.set(PDFName.of('AF'), ctx.obj([specRef]));
  const meta = ctx.stream(xmp(name, o.conformance ?? 'EN 16931'), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), ctx.register(meta));
  return doc.save({ useObjectStreams: false });
}

