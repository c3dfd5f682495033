/**
 * Where the page prints an e-invoice value: the run of words that says the
 * same thing. Amounts and quantities match by number (either separator
 * convention, currency signs aside), dates by calendar day (any printed
 * form), text by its letters and digits. The box is the run's.
 */
import { parseDate, parseNumber } from '../extract/format/index.js';
import type { Box, Word } from '../extract/types.js';

export type LocateKind = 'money' | 'number' | 'percent' | 'date' | 'text';

export interface Located {
  /** The words as printed, joined. */
  printed: string;
  box: Box;
  /** Index of the run's first word. */
  at: number;
}

/** Words a value may span: "1 290,00 EUR", "14. März 2026", a long name. */
const MAX_RUN = 12;

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').replace(/[^\p{L}\p{N}]+/gu, '');

export function unionBox(boxes: Box[]): Box {
  return {
    x1: Math.min(...boxes.map((b) => b.x1)),
    y1: Math.min(...boxes.map((b) => b.y1)),
    x2: Math.max(...boxes.map((b) => b.x2)),
    y2: Math.max(...boxes.map((b) => b.y2)),
  };
}

/** The numbers a printed run may mean (an ambiguous "1.234" both ways). */
function numbersOf(text: string): number[] {
  const t = text.replace(/%$/, '').trim();
  return [parseNumber(t, false), parseNumber(t, true)].filter((n) => n !== null).map((n) => n.value);
}

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 0.0005;

/** True when `printed` says `value` (the XML's form) for a value of `kind`. */
export function sameValue(value: string, printed: string, kind: LocateKind): boolean {
  if (kind === 'date') {
    const d = parseDate(printed);
    const [y, m, day] = value.split('-').map(Number);
    return d !== null && d.year === y && d.month === m && d.day === day;
  }
  if (kind === 'text') return fold(value) !== '' && fold(value) === fold(printed);
  const v = Number(value);
  if (!Number.isFinite(v)) return fold(value) === fold(printed);
  // The printed run must be a number alone (currency signs aside), not an id that contains one.
  if (!/^[-+(]?[^\p{L}\d]{0,3}[\d.,'’ \u00a0-]+[^\p{L}\d]{0,3}(%|[A-Z]{3})?\)?$/u.test(printed.trim())) return false;
  return numbersOf(printed).some((n) => sameNumber(Math.abs(n), Math.abs(v)));
}

/**
 * Every run of words, in reading order from `from`, that prints `value`. A
 * text value is found by growing the run while its letters still begin the
 * value; a number or date within a few words.
 */
export function findValue(words: Word[], value: string, kind: LocateKind, from = 0, first = false): Located[] {
  const out: Located[] = [];
  const target = fold(value);
  if (target === '') return out;
  for (let i = from; i < words.length; i++) {
    let text = '';
    let folded = '';
    for (let j = i; j < Math.min(words.length, i + MAX_RUN); j++) {
      text = j === i ? words[j].text : `${text} ${words[j].text}`;
      folded += fold(words[j].text);
      if (kind === 'text') {
        if (!target.startsWith(folded)) break;
        if (folded.length < target.length) continue;
      } else if (j - i > 3) break;
      if (sameValue(value, text, kind)) {
        out.push({ printed: text, box: unionBox(words.slice(i, j + 1).map((w) => w.box)), at: i });
        if (first) return out;
        break;
      }
    }
  }
  return out;
}
