/**
 * The engine's thresholds in one place, each with what it measures and why
 * it has its value (the model is pdfplumber's TableSettings). Distances are
 * normalized to the page (0..1) unless a unit is named.
 */
export const ENGINE_SETTINGS = {
  documentFields: {
    /** Words a label may have ("N° de TVA intracommunautaire" has five). */
    maxLabelWords: 5,
    /** Least label score a candidate needs: a bare "Date" names the invoice date at 0.8, one OCR slip scores 0.88. */
    minLabelScore: 0.75,
    /** Least candidate score for a labelled value to be taken over the unlabelled fallbacks. */
    acceptScore: 0.75,
    /** "Label: value" in one cell is the surest arrangement. */
    sameSegmentColonBonus: 0.05,
    sameSegmentBonus: 0.03,
    /** Value across a gap on the label's line (a right-hand block, a key/value table). */
    rightBonus: 0.03,
    /**
     * Taken from the score of a label of a related concept: a name label heading an address concept's block
     * ("Supplier" over a name and address answers supplier_address), a purchase order label for the order
     * number; a label naming the concept itself wins over it.
     */
    partnerLabelPenalty: 0.04,
    /** Value under the label (framed boxes, next line), less each further line. */
    belowBonus: 0.01,
    perLinePenalty: 0.005,
    /** Lines under a label searched for its value (a row of boxes may have a blank line between). */
    maxBelowLines: 4,
    /** Address lines under a name (street, postcode and place, country, a second street line). */
    maxAddressLines: 4,
    /**
     * Vertical gap, in heights of the line above, that ends an address block: its lines sit about half a line
     * apart, the next block or a title at least a line and a half below.
     */
    addressGapLines: 1.5,
    /** Vertical gap, in line heights, that ends a block under a label. */
    blockGapLines: 3,
    /** Left edges this close (page widths) are one column of text. */
    alignTolerance: 0.015,
    /**
     * Page-height share added per unit of height for amounts (totals close a document, so the lower of two
     * equally labelled amounts is the total) and taken for dates and numbers (they head it).
     */
    bottomBias: 0.02,
    /** The letterhead is among the first lines in the top part of the page. */
    letterheadTop: 0.3,
    letterheadLines: 8,
    /** Where a window envelope shows the recipient (DIN 5008 and C5/DL windows: 4.5 to 9 cm of a 29.7 cm page, with margin). */
    windowTop: 0.08,
    windowBottom: 0.4,
  },
  tables: {
    /**
     * A head and the cells of its column share a left or right edge this close (page widths): about one character
     * of 9-pt print, so a head set flush with its column matches and a centred heading's halves do not.
     */
    headAlign: 0.006,
    /** Right-aligned numbers end within this (page widths): a number column packed against its unit column. */
    alignedEdge: 0.004,
    /** Share of body lines lining up with a head for it to open a column of its own (wrapped lines and notes may not). */
    headLedShare: 0.6,
    /** Header lines a stacked header may have: the heads' line and the labels of up to two lower record lines. */
    maxStackLines: 3,
    /** Share of the fullest line's values a line must carry to open a record under a stacked header (a note has one figure). */
    recordStartShare: 0.6,
    /** Share of record starts that must be followed by a line under the stack's second line for the header to read as stacked. */
    stackedRecordShare: 0.6,
    /** White above a line, in line heights, beyond that between a record's lines, that ends the record (the block after the items). */
    recordGap: 0.5,
    /** Item column heads a line must name to end a label/value block set like a table ("Data | Descrizione | Uscite"). */
    minItemHeads: 3,
    /** Share of a headerless table's rows filling quantity, unit price and line total that must agree for arithmetic to name them. */
    arithmeticRows: 0.6,
    /** Share of a column head's certainty that carries to the document-level name of its counterpart (`date` for "Buchungstag"). */
    counterpartShare: 0.9,
  },
} as const;
