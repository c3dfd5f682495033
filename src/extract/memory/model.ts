/**
 * What a correction teaches the layout engine about one sender's pages of
 * one layout (docs/decisions.md, "Corrections, reprocessing, layout memory").
 * Plain JSON: the service stores it per account (table `layout_memories`,
 * column `model`) and hands it back with each page of that account.
 * Coordinates are the analysis frame's (upright, deskewed), 0..1.
 */

/** A box as in types.ts (which carries memories in its request, so this file imports nothing of it). */
interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** What tells the sender apart on a page. Every identifier here must be on a page for the memory to apply. */
export interface SenderMarks {
  /** The letterhead's largest line (the name the sender prints). */
  name: string | null;
  /** VAT or tax ids printed on the page, without spaces, upper case. */
  taxIds: string[];
  /** IBANs printed on the page (checksum-valid), without spaces. */
  ibans: string[];
  /** Words of the letterhead without digits: most of them must be on the page too. */
  letterhead: string[];
  /**
   * Company register numbers the page prints (`HRB 296513`, `Co. No: 20154-T`): their label's and number's letters and
   * digits, upper case. On a scan they tell the sender as its ids do. Absent in memories learned before they were kept.
   */
  registers?: string[];
}

/** A word that stays put on every page of the layout: label, heading, letterhead. */
export interface Anchor {
  t: string;
  x: number;
  y: number;
}

/** Where a document value sits: after or under a label, or at a fixed place. */
export interface LearnedField {
  name: string;
  /** The label printed before (same line) or above the value; null for values without one (a letterhead name). */
  label: { text: string; box: Box; sameSegment: boolean } | null;
  /** The value's box on the page that taught it. */
  box: Box;
  /** Lines that print the value (an address's), each under the first. */
  lines: number;
  /** Words of its cell before the value (after the label) and after it: a date's time beside it, a period's end. */
  lead: number;
  tail: number;
  /**
   * The value as the person set it, when it is the sender's own (its name, tax id or IBAN, or words of its
   * letterhead only): the same on every page of the sender, so a scan's reading a slip or two off it is it.
   */
  fixed?: string;
}

/** A line field: its column band and the line of the row it sits on, relative to the row's anchor line. */
export interface LearnedColumn {
  name: string;
  x1: number;
  x2: number;
  /** Line offset from the row's anchor line (a receipt's `2 x 1,25` line above or below the item). */
  offset: number;
  /** The cell wraps onto the following lines (descriptions). */
  wraps: boolean;
  /** Its values line up on their right edge (amounts): a longer one reaches further left. */
  right: boolean;
  /**
   * The page learned from printed a line between the rows where this column's values start that the person set in no
   * cell (a heading over some items): a cell goes on onto a further line only where it follows closer than the rows do.
   */
  apart?: boolean;
  /** The person set its values with words the value's kind leaves out (a count with its unit, `132 st`): a cell is read whole. */
  whole?: boolean;
}

export interface LearnedTable {
  /** The header line's words, lower case, and its box. */
  header: { words: string[]; box: Box } | null;
  /** The first row's top when the table has no header line (a receipt), for finding its start. */
  top: number;
  columns: LearnedColumn[];
  /** The column every row fills on its anchor line (line total, amount, balance). */
  anchor: string;
  /** Largest distance between two rows' anchor lines seen, in page heights: a longer gap ends the table. */
  maxPitch: number;
}

export interface LayoutModel {
  sender: SenderMarks;
  anchors: Anchor[];
  fields: LearnedField[];
  table: LearnedTable | null;
  /**
   * Names a person set row by row, whether or not their column was learned:
   * beside the table they name a column, never a document value of that
   * name (a line's "Imponibile", not the invoice's). Absent in memories
   * learned before it was kept.
   */
  lineNames?: string[];
  /**
   * Names a person set as the document's values, found on the page or not: a request that names more of them than of
   * the names set row by row reads none of them off a column. Absent in memories learned before it was kept.
   */
  documentNames?: string[];
}

/** A stored memory as the engine receives it with a page. */
export interface LayoutMemory {
  id: string;
  model: LayoutModel;
}
