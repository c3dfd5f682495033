/** A memory grown by a further correction, and the keys that name a memory's sender and layout. */
import { createHash } from 'node:crypto';
import type { PageContent } from '../read/page-content.js';
import { atPlace, sharedAnchors } from './layout-match.js';
import type { Anchor, LayoutMemory, LayoutModel } from './model.js';
import { matchMemory } from './apply.js';
import { memoryPage } from './page.js';
import { senderLabel } from './sender.js';
import { compact } from './near-text.js';
import { DEFAULT_SETTINGS, type EngineSettings } from '../settings.js';
import { KEY_HEX_DIGITS } from '../units.js';

/** The memory among `memories` that this page belongs to (same sender, same layout), if any. */
export function memoryOfPage(content: PageContent, memories: LayoutMemory[], settings: EngineSettings = DEFAULT_SETTINGS): string | null {
  return matchMemory(memoryPage(content, settings), memories, settings)?.memory.id ?? null;
}

/**
 * `learned` (from `content`) added to an earlier memory of the same sender
 * and layout: its fields and table replace the earlier ones of the same
 * name; the anchors keep those this page prints in place too, so what varies
 * from page to page stops counting as layout.
 */
export function mergeLayouts(earlier: LayoutModel, learned: LayoutModel, content: PageContent, settings: EngineSettings = DEFAULT_SETTINGS): LayoutModel {
  // A word the person set as a value on this page is no fixed word of the layout (a till's item text on a line without
  // an amount): where `learned` kept every fixed word of the page (fewer than settings.memory.maxAnchors), only its anchors stay.
  const fixed = (a: Anchor) => learned.anchors.length >= settings.memory.maxAnchors || learned.anchors.some((b) => b.t === a.t && atPlace(a, b, settings));
  const shared = sharedAnchors(earlier.anchors, memoryPage(content, settings), settings).filter(fixed);
  const names = new Set(learned.fields.map((f) => f.name));
  return {
    sender: earlier.sender,
    anchors: shared.length >= settings.memory.minAnchors ? shared : earlier.anchors,
    fields: [...earlier.fields.filter((f) => !names.has(f.name)), ...learned.fields],
    table: learned.table ?? earlier.table,
    lineNames: [...new Set([...(earlier.lineNames ?? []).filter((n) => !names.has(n)), ...(learned.lineNames ?? [])])],
    documentNames: [...new Set([...(earlier.documentNames ?? []), ...(learned.documentNames ?? [])])],
  };
}

/** What the API shows of a memory, and the keys it is stored under. */
export function identityOf(model: LayoutModel, settings: EngineSettings = DEFAULT_SETTINGS) {
  const { sender } = model;
  const cells = settings.memory.layoutKeyCells;
  const senderKey = sender.ibans[0] ?? sender.taxIds[0] ?? (sender.name ? compact(sender.name) : sender.letterhead.join(' '));
  const layoutKey = createHash('sha1')
    .update(model.anchors.map((a) => `${a.t}@${Math.round(a.x * cells)},${Math.round(a.y * cells)}`).sort().join('|'))
    .digest('hex').slice(0, KEY_HEX_DIGITS);
  const fields = [...model.fields.map((f) => f.name), ...(model.table?.columns.map((c) => c.name) ?? [])];
  return { senderKey, layoutKey, sender: senderLabel(sender), fields };
}
