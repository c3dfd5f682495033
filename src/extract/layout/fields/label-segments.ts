/**
 * A line's segments as labels read: a scan sets the words of one label wide
 * apart ("Total  Inc.  GST  6%:  362.50" comes as five cells), and the words
 * joined name a concept where a part alone names another ("GST" the tax).
 */
import { classifyLabel, EXACT_LABEL } from '../../concepts/index.js';
import type { EngineSettings } from '../../settings.js';
import type { Word } from '../../types.js';
import type { Line, Segment } from '../lines/lines.js';
import { stripColon, textOf } from '../lines/word-text.js';

/** The mean width of a character in `segs`, in page widths: gaps measured in it hold on narrow receipts and wide pages alike. */
const charWidth = (segs: Segment[]) => segs.reduce((w, s) => w + s.box.x2 - s.box.x1, 0) / Math.max(1, segs.reduce((n, s) => n + s.text.length, 0));

/**
 * A label and its value a scan read as one word ("Date:02/02/17"): two words, the box cut after the colon by its
 * characters, when the letters before the colon are a label of the catalogue and a digit follows it.
 */
function labelApart(w: Word, settings: EngineSettings): Word[] {
  const m = /^(?<label>\p{L}[\p{L}.]*[:：])(?<value>\S*\d\S*)$/u.exec(w.text)?.groups;
  if (!m || !classifyLabel(stripColon(m.label), settings).size) return [w];
  const cut = w.box.x1 + ((w.box.x2 - w.box.x1) * m.label.length) / w.text.length;
  return [
    { ...w, text: m.label, box: { ...w.box, x2: cut } },
    { ...w, text: m.value, box: { ...w.box, x1: cut } },
  ];
}

/** A segment with each label read joined to its value ({@link labelApart}) taken apart. */
function withLabelsApart(seg: Segment, settings: EngineSettings): Segment {
  const words = seg.words.flatMap((w) => labelApart(w, settings));
  return words.length === seg.words.length ? seg : { ...seg, words, text: textOf(words) };
}

/**
 * A line's segments with a label a scan split at its word gaps joined again:
 * "Total | Inc. | GST | 6%: | 362,50" reads "Total Inc. GST", a label of the
 * total as a whole, where "GST" alone would label the tax. Parts are at most
 * settings.fields.splitLabelGap characters apart ("Total  Inc.  GST"). A label
 * read into one word with its value is taken apart first.
 */
export function withSplitLabelsJoined(line: Line, settings: EngineSettings): Segment[] {
  const { splitLabelGap, splitLabelParts } = settings.fields;
  const segs = line.segments.map((s) => withLabelsApart(s, settings));
  const out: Segment[] = [];
  for (let i = 0; i < segs.length; i++) {
    let end = i;
    for (let j = i + 1; j < segs.length && j <= i + splitLabelParts; j++) {
      if (segs[j].box.x1 - segs[j - 1].box.x2 > charWidth(segs.slice(i, j + 1)) * splitLabelGap || /\d/.test(segs[j].text)) break;
      const text = textOf(segs.slice(i, j + 1).flatMap((s) => s.words));
      if ([...classifyLabel(stripColon(text), settings).values()].some((v) => v >= EXACT_LABEL)) end = j;
    }
    if (end === i) {
      out.push(segs[i]);
      continue;
    }
    const parts = segs.slice(i, end + 1);
    const words = parts.flatMap((s) => s.words);
    out.push({ words, text: textOf(words), box: { x1: parts[0].box.x1, y1: Math.min(...parts.map((p) => p.box.y1)), x2: parts[parts.length - 1].box.x2, y2: Math.max(...parts.map((p) => p.box.y2)) } });
    i = end;
  }
  return out;
}
