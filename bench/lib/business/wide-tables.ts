/**
 * Line tables as web and office invoicing tools print them (issue 28's tenth widening): cells set in the middle of
 * their row, so an item's figures stand between the lines of its wrapped description; heads centred over their
 * columns; group lines inside the table (the delivery note or order the next items belong to), which are no items.
 * Every draw comes from the tables' own stream (`TABLES_SALT` in index.ts): a document where it draws nothing prints
 * as before, and no receipt changes.
 */
import type { CommercialLayout, CommercialSpec } from './commercial.js';
import type { Labels } from './labels.js';
import { chance, int, pick, type Rand } from './random.js';
import type { Lang } from './types.js';

/** Group lines: the document the next items were delivered or ordered under (`{n}` its number). */
const GROUP_LINES: Labels = {
  en: ['Delivery note {n}', 'Order no. {n}', 'Project {n}'],
  de: ['Lieferschein {n}', 'Auftrag Nr. {n}', 'Projekt {n}'],
  fr: ['Bon de livraison {n}', 'Commande n° {n}', 'Projet {n}'],
  es: ['Albarán {n}', 'Pedido n.º {n}', 'Proyecto {n}'],
  nl: ['Pakbon {n}', 'Order nr. {n}', 'Project {n}'],
  it: ['DDT n. {n}', 'Ordine n. {n}', 'Progetto {n}'],
  pt: ['Guia de remessa {n}', 'Encomenda n.º {n}', 'Projeto {n}'],
  pl: ['WZ {n}', 'Zamówienie nr {n}', 'Projekt {n}'],
};

/** What the tables' stream drew, for slicing results (`layout.wideTable`). */
export interface TableWidening {
  /** Cells set in the middle of their row's height; the description column narrower, so descriptions wrap. */
  middle: boolean;
  /** Heads centred over their columns. */
  headCenter: boolean;
  /** Group lines before these rows (row index -> text). */
  groups: Map<number, string>;
}

/** Draws the widening for a table of `rows` rows with the given columns. */
export function drawTableWidening(t: Rand, lang: Lang, spec: CommercialSpec): TableWidening {
  const middle = chance(t, 0.35);
  const headCenter = chance(t, 0.3);
  const groups = new Map<number, string>();
  // Group lines stand in goods tables of one list (not two lists side by side), with a description to head.
  const goods = !spec.sideBySide && !spec.twoTables && spec.columns.some((c) => c.key === 'description') && spec.columns.some((c) => c.key === 'quantity');
  if (goods && spec.rows.length >= 2 && chance(t, 0.3)) {
    const form = pick(t, GROUP_LINES[lang]);
    const line = () => form.replace('{n}', String(int(t, 10000, 899999)));
    groups.set(0, line());
    if (spec.rows.length >= 4 && chance(t, 0.6)) groups.set(int(t, 2, spec.rows.length - 2), line());
  }
  return { middle, headCenter, groups };
}

/** The layout's note of what was drawn (`none` where nothing). */
export function tableWideNote(w: TableWidening): string {
  const drawn = [w.middle && 'middle', w.headCenter && 'head_center', w.groups.size && 'groups'].filter(Boolean);
  return drawn.join('+') || 'none';
}

/** The layout with the widening's flags set. */
export function widenTableLayout(layout: CommercialLayout, w: TableWidening): CommercialLayout {
  return { ...layout, ...(w.middle ? { cellMiddle: true } : {}), ...(w.headCenter ? { headCenter: true } : {}) };
}
