/**
 * A small element tree from XML bytes, read by saxes (a streaming,
 * non-validating parser that never loads external resources). A DOCTYPE is
 * refused outright: an invoice needs none, and it is where XXE and entity
 * expansion bombs live. Limits on size, element count and depth keep a
 * hostile file from costing more than a few megabytes.
 */
import { SaxesParser } from 'saxes';
import { errors } from '../errors.js';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  ns: string;
  /** Local name, without prefix. */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, trimmed (text of children not included). */
  text: string;
}

export interface XmlLimits {
  maxBytes: number;
  maxElements: number;
  maxDepth: number;
}

/** An EN 16931 invoice of a few thousand lines stays far below each of these. */
export const XML_LIMITS: XmlLimits = { maxBytes: 32 * 1024 * 1024, maxElements: 400_000, maxDepth: 48 };

const refuse = (why: string) => errors.invalidParameter('file', `The XML cannot be read: ${why}.`);

/** Decodes XML bytes by BOM or declared encoding (UTF-8, UTF-16, ISO-8859-1/Windows-1252). */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const latin = declared !== undefined && /^(iso-8859-1|iso-8859-15|latin1|windows-1252|cp1252)$/.test(declared);
  return new TextDecoder(latin ? 'windows-1252' : 'utf-8', { ignoreBOM: false }).decode(bytes);
}

/** Parses XML into a tree, or throws `invalid_parameter` on `file` saying why. */
export function parseXml(bytes: Uint8Array, limits: XmlLimits = XML_LIMITS): XmlElement {
  if (bytes.length > limits.maxBytes) throw refuse(`it is larger than ${limits.maxBytes} bytes`);
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    throw failure;
  };
  parser.on('doctype', () => fail(refuse('it declares a DOCTYPE, which an e-invoice never needs and docrows never resolves')));
  parser.on('error', (e) => fail(refuse(e.message.replace(/^undefined:\d*:?\d*:?\s*/, ''))));
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.maxElements) fail(refuse(`it has more than ${limits.maxElements} elements`));
    if (stack.length >= limits.maxDepth) fail(refuse(`it nests deeper than ${limits.maxDepth} elements`));
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.local] = a.value;
    const el: XmlElement = { ns: tag.uri ?? '', name: tag.local ?? tag.name, attrs, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(el);
    else root = el;
    stack.push(el);
  });
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const el = stack.pop();
    if (el) el.text = el.text.trim();
  });
  try {
    parser.write(decodeXml(bytes)).close();
  } catch (e) {
    if (failure) throw failure;
    throw refuse(e instanceof Error ? e.message : String(e));
  }
  if (!root) throw refuse('it has no root element');
  return root;
}

/** The first child named `name` (any of the given names), in any namespace. */
export function child(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return el?.children.find((c) => names.includes(c.name));
}

export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Follows a path of child names; the first match at each step. */
export function at(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let cur = el;
  for (const p of path) cur = child(cur, p);
  return cur;
}

/** Text at a path, or null when absent or empty. */
export function textAt(el: XmlElement | undefined, ...path: string[]): string | null {
  const t = at(el, ...path)?.text;
  return t ? t : null;
}
