/**
 * The engine's thresholds and weights in one place, each with what it
 * measures and why it has its value (the model is pdfplumber's
 * TableSettings), grouped by the stage that reads them. Distances are
 * normalized to the page (0..1) unless a unit is named; confidences are
 * 0..1 unless "percent" is said (tesseract's scale).
 *
 * The stages take the settings as a parameter (`settings: EngineSettings`);
 * only the engine's entries (createLayoutEngine, createPageReader,
 * extractFromContent, isTextLayerUsable, groupWordsIntoLines, and the layout
 * memory's learnLayout, memoryOfPage, mergeLayouts and identityOf, which core
 * calls, and the model engine's createOpenAiEngine, createPageViewer and
 * ModelClient, and startEngineThreads) fall back to DEFAULT_SETTINGS.
 * Every other number the engine writes is a unit or fact (units.ts).
 * withSettings builds a changed copy:
 * `createLayoutEngine({ settings: { tables: { headAlign: 0.01 } } })`.
 */
export const DEFAULT_SETTINGS = deepFreeze({
  read: {
    textLayer: {
      /** Letters and digits a text layer needs to be read instead of its raster: a scanned PDF's layer has none or a stray page number. */
      minCharacters: 4,
      /** Share of private-use, replacement and control characters above which a layer's font encoding is broken (glyphs mapped to rare symbols). */
      maxBadShare: 0.2,
    },
    /** OCR results kept per page reader: the extraction and the later bbox pass (or a retry with other fields) read the same page again. */
    ocrCachePages: 8,
    scale: {
      /** Long side (px) of the raster used for orientation and skew analysis. */
      analysisLongSide: 1400,
      /**
       * Long side (px) of the raster ruling lines are found on. A thin rule on a 300 dpi scan reduced to the analysis
       * size breaks into pieces too short to separate rows or columns; the finer copy costs milliseconds. Measured on
       * 20 generated scans: fast F1 0.938 → 0.954.
       */
      rulesLongSide: 2000,
      /**
       * OCR resolution per quality: the long side in pixels the page is scaled to (clamped so small scans are enlarged
       * and huge ones reduced). `high` reads at about 300 dpi on a Letter/A4 page, `fast` at about 220 dpi.
       */
      ocrLongSide: { fast: 2400, high: 3300 },
      /** Largest enlargement of a small scan per quality. */
      maxEnlargement: { fast: 1.5, high: 2 },
      /** Least page scale: a huge scan is reduced at most to half, so its print keeps enough pixels. */
      minScale: 0.5,
      /** Pixels an image may have before decoding is refused (sharp's guard against decompression bombs). */
      maxInputPixels: 100_000_000,
      /**
       * Text lines shorter than this (pixels of ink, ascenders to descenders) are enlarged to it: tesseract misreads
       * small print it reads well larger. A receipt scanned at 150 dpi has lines of 11 px, 16 at the page-size scale
       * (BANANAS read as "DAMMAS", EGGS as "mas"); enlarged to 30 px it reads them right. Body text of a Letter/A4 page
       * at the `fast` scale is about 21 px.
       */
      minLineHeightPx: 24,
      /** Largest overall scale of a page (page-size scale × the enlargement for small print). */
      maxTextScale: 3,
      /** Enlargements below this are not worth a resample. */
      minEnlargement: 1.15,
      /**
       * `high` adds coarser readings at `fast`'s scale when that is at most this share of its own: closer, the
       * coarser readings would read the same pixels again.
       */
      coarseScaleShare: 0.9,
    },
    geometry: {
      /** Skew search per quality: the largest skew looked for and the step, in degrees. */
      skewSearch: { fast: { range: 4, step: 0.5 }, high: { range: 6, step: 0.25 } },
      /** The step of the search is refined around the best angle in this many smaller steps. */
      refineSteps: 5,
      /** Skews smaller than this (degrees) are left alone: turning resamples the print for no gain. */
      minStraightenDegrees: 0.15,
      /** Sharpness ratio between the two directions that settles the text direction on its own. */
      clearlySharper: 1.5,
      /** Rows' transition energy against the columns' (scaled by this) that makes the second measure say "rows". */
      energyRatio: 0.9,
      /** Ink pixels sampled for the skew search: enough for a sharp projection, few enough to stay fast. */
      samplePixels: 400_000,
      /** Fewer ink pixels than this give no skew (a blank page). */
      minPoints: 50,
      /**
       * Ink runs longer than these shares of the page's width (rows) and height (columns) are ruling lines, left out
       * of the projections: a grid's rules would pose as text lines.
       */
      ruleRowWidthShare: 0.08,
      ruleColumnHeightShare: 0.03,
      /** Rows with less than this share of a typical row's ink are gaps between lines (a descender, a speck). */
      gapInkShare: 0.1,
      /** Runs of fewer rows than this are rules or specks, not text lines. */
      minLineRows: 3,
    },
    orientation: {
      /**
       * Mean word confidence (percent) below which a reading is in doubt: a photo is read again with its surface
       * cleaned away, and a page a sample turned is read again as measured (read/ocr-page.ts).
       */
      confidentReading: 70,
      /**
       * Mean word confidence (percent) below which a page read as stored is sampled upside down (read/ocr-page.ts).
       * Seven real receipt scans of the tuning split (four German, three SROIE) read at 21-30 turned upside down and
       * at 68-81 upright; a page in between is a poor upright scan. Sampled from confidentReading down, as before,
       * the sample cost a SROIE scan reading under 70 (most do) 14-18% of its CPU for nothing (docs/measurements.md, "Real
       * scans: what a page costs").
       */
      upsideDownBelow: 50,
      /** Text lines read to tell upright from upside down (and, when unsure, the text direction). */
      probeLines: 4,
      /** Ink runs thinner than this share of the page's height are specks and rules, no text lines, for the probe. */
      probeMinLineShare: 0.004,
      /** White rows kept around the probe's lines (px). */
      probePadPx: 8,
      /** Most of the page the probe reads (inches): its first lines, not a whole table. */
      probeMaxInches: 1.2,
      /** How much more readable than the first candidate another must be to be taken: a near tie keeps the page as measured. */
      clearlyMoreReadable: 1.2,
    },
    dpi: {
      /** Resolution told to tesseract is clamped to this range (its size filters go wrong beyond it). */
      min: 70,
      max: 600,
      /** Pages are mostly Letter/A4 (long side ≈ 11–11.7 in); good enough for tesseract's size heuristics. */
      pageLongInches: 11.4,
    },
    /** Real words (two or more letters or digits) a reading needs for its mean confidence to mean anything; fewer read as 0. */
    minWordsForConfidence: 5,
    ink: {
      /** Greys darker than this are ink whatever Otsu's threshold says: a page of pale print must not turn all its paper into ink. */
      maxInkGrey: 200,
      /** The paper's grey: this percentile of the light over a page (the brightest few percent may be glare or whitened surface). */
      paperPercentile: 0.95,
      /**
       * Paper darker than this is grey, evened to white before a flat scan is read (read/page-background.ts,
       * isGreyPaper): white and cream paper scans at 230 and more, a thermal receipt scanned dark at 140-160.
       */
      greyPaperBelow: 190,
      /** White rows around each band (px): tesseract misreads text that touches the image edge. */
      bandPadPx: 12,
      /** Ink pixels a blank row may hold (scan grain): at least this many, or this share of the page's width. */
      noiseMinPx: 2,
      noiseWidthShare: 0.002,
      /** Rows a median strip covers before the event loop gets a turn (the Tesseract workers' finished bands wait for it). */
      medianStripRows: 160,
    },
    /** The page's ink is cut into this many parts of equal ink; the first is read with English to tell the language (language-reading.ts). */
    languageHeadParts: 3,
    /** Telling a reading's language by cue words (read/page-language.ts). */
    language: {
      /** Distinct cue words a non-English page must show at least, so a stray word on an English page does not switch the model. */
      minCues: 3,
      /** Cue words enough for another language on a whole page that shows no English cue word at all. */
      minCuesWithoutEnglish: 2,
      /** Letters a cue word has at least: one-letter words ("a", "e", "o", "y") recur on every line of a receipt. */
      minCueLetters: 2,
      /** Part of a page is English only with this many times any other language's cues (a German bill's top showed 3 English, 2 German). */
      englishLead: 2,
    },
    merge: {
      /** Words of two readings cover the same ink when they overlap vertically by this share of the smaller height. */
      sameInkOverlap: 0.5,
      /** Confidence (percent) a word needs when only one of two readings saw it (the other read nothing there). */
      loneWordConfidence: 50,
    },
    secondReader: {
      /**
       * Words holding a digit that tesseract read unsurely are read again by PP-OCR's recognizer (read/second-reading.ts,
       * read/line-recognizer.ts) on scanned pages: on the real receipts the total and the date came out right more often
       * on both splits (docs/measurements.md, "Second reader").
       */
      enabled: true,
      /**
       * A word is read again below this tesseract confidence (0..1), or when it holds stray marks (`7..58`, `5:99`).
       * 0.9 against 0.8: the total right on 2 more of 72 tuning receipts for 40% more words read again.
       */
      maxConfidence: 0.9,
      /** Margin around the word's box for the crop, in shares of its height: PP-OCR reads the loose boxes its own detector draws. */
      padHeightShare: 0.25,
      padWidthShare: 0.4,
      /** CPU threads of the recognizer's session: the engine already reads pages on one thread each. */
      threads: 1,
      /**
       * The head whose unsure words holding a letter are read again too: the first `headLines` lines starting above
       * `headTop` of the page's height, where a receipt prints its name and address (the letterhead's reach,
       * settings.fields.letterheadLines and letterheadTop: 12 lines down to 0.45 read again 50% more words for the
       * same names and addresses on the tuning receipts; docs/measurements.md, "tills49").
       */
      headLines: 8,
      headTop: 0.3,
    },
    budget: {
      /** Whole readings a page may cost (issue 28: never more than twice; read/reading-budget.ts). */
      fullReadings: 2,
      /**
       * Time after which no optional reading starts: the engine thread's page limit is 300 s
       * (src/extract/engines/engine-threads.ts), and a reading begun later could take as long as all before it.
       */
      optionalUntilMs: 100_000,
    },
    rules: {
      /** A ruling line is at least this share of the page's side long, and at least minLengthPx. */
      minLengthShare: 0.06,
      minLengthPx: 20,
      /** ...and at most this many pixels thick (thicker runs are filled areas or photos). */
      maxThicknessPx: 6,
      /** Breaks from scanning noise bridged inside a line: this share of the side, at least maxGapPx. */
      maxGapShare: 0.004,
      maxGapPx: 2,
      /** Adjacent scanlines overlapping by this share of the shorter are one thick line. */
      mergeOverlap: 0.5,
    },
    eraseLines: {
      /**
       * A dark run is a ruling line when far longer than the page's strokes: at least minRunPx, this share of the
       * side, and this many times the strokePercentile run (rules are few and strokes many).
       */
      minRunPx: 30,
      rowWidthShare: 0.04,
      columnHeightShare: 0.02,
      rowStrokes: 4,
      columnStrokes: 3,
      strokePercentile: 0.9,
      /** Lines sampled for the stroke percentile: about this many are enough. */
      sampleLines: 400,
      /** Dark runs shorter than this (px) are specks, not strokes, for the percentile. */
      minStrokePx: 3,
      /** Allowed break inside a line, from scanning noise (px). */
      maxBreakPx: 2,
      /** Pixels darker than this around a line are its anti-aliased edge and painted white too. */
      edgeGrey: 235,
    },
    crop: {
      /** Cells along the long side of the grid content is looked for on: a text line at the OCR scale is 4–5 cells tall. */
      gridLongSide: 480,
      /** Least cell side (px). */
      minCellPx: 2,
      /** Side of the closing's square, in cells: wider than any stroke of body text or a bold total, narrower than a punch hole. */
      closeSide: 7,
      /** A grid must be this many closing squares wide and tall to be searched (a tiny image is read whole). */
      minGridCloses: 4,
      /** Grey levels a cell must be darker than the closing there to be ink (a cell averages stroke and paper). */
      inkContrast: 30,
      /** Ink this many times inkContrast darker than the light around it is strong: print, where texture is faint. */
      strongInkFactor: 2,
      /** Ink this thin (cells) and this many times longer is a line (a lid's shadow, a sheet's edge, a rule), not content. */
      lineThickness: 2,
      lineElongation: 8,
      /**
       * Grey levels the light around a cell may fall below the paper's and still be paper: the cardboard under the
       * receipts of the German scans is 160–170, their paper 205–220.
       */
      surfaceDrop: 35,
      /**
       * Share of a surface's inner cells that may hold strong ink (a stain, a coin): the lid and cardboard of the
       * German scans show 0–0.7%, the dim half of a badly lit receipt photo 1.6%.
       */
      surfaceMaxInk: 0.01,
      /** Cells of a surface's rim its ink is not counted on: the ragged edge of the lid or of a sheet shows specks there. */
      surfaceRim: 4,
      /**
       * Share of the scan the surface must cover for the page to be cropped. A clean page with blank paper around its
       * print is read whole: tesseract passes over blank paper quickly, and a crop there changed readings of
       * generated pages (a lone "3" in a table lost) for no time saved.
       */
      minSurfaceShare: 0.01,
      /** Pieces of ink smaller than this (cells) are grain. */
      minPiece: 3,
      /** Cells kept around content: about two text lines, so faint strokes beside the found ink stay. */
      margin: 8,
      /** A group of content (pieces within `margin` of each other) holding less than this share of the ink is a stamp or a punch hole. */
      minGroupShare: 0.03,
      /** Pages whose content covers more than this share of them are read whole: cropping saves little there. */
      maxCroppedShare: 0.6,
    },
    pageQuad: {
      /** Cells along the long side of the grid the paper is looked for on: a page's edge is found to a cell, under a text line at the OCR scale. */
      gridLongSide: 240,
      /** Least cell side (px). */
      minCellPx: 2,
      /** A grid this small on either side is read as it is. */
      minGridCells: 32,
      /** Side of the closing (cells) that fills print into the paper: wider than a text line's strokes at this grid. */
      closeSide: 5,
      /** Side of the opening (cells) that cuts a light streak of the table away from the paper's edge. */
      openSide: 3,
      /** The paper covers at least this share of the photo (a receipt far off is read as it is)... */
      minAreaShare: 0.12,
      /** ...and at most this share: a page filling its frame is a scan and is left exactly as it was. */
      maxAreaShare: 0.97,
      /**
       * A shadow over part of the paper is followed across where the light changes by at most this many grey levels
       * a cell (Sobel, on the closed grid): a shadow's edge falls off over many cells, while the paper's edge onto
       * the surface is a step of tens of levels within one. A phone photo's shadow had left the lit part alone, and
       * it no quadrilateral (three tuning phone photos read as noise).
       */
      shadeGradient: 10,
      /** The shade is followed down to this share of the paper/surface threshold: a hand's shadow halves the light. */
      shadeFloor: 0.4,
      /** Cells at the frame's edge the shade is not followed into: their gradient is half seen. */
      shadeMargin: 2,
      /**
       * Grey levels between the lower thresholds tried for paper in two lights (read/page-quad.ts, inTwoLights): a
       * shadow with a sharp edge over most of a tuning utility bill photo left its lit part a sliver, and the page
       * was read as the whole photo (the wooden table as text); a step is under the shaded paper's margin over the table.
       */
      twoLightsStep: 8,
      /**
       * The rectified page of a photo is sharpened before it is read, by an unsharp mask of this sigma (px at the
       * OCR scale): a phone photo's blur runs small print together. A tuning bank statement photo (blur 0.9 px at
       * 150 dpi) read "Veirsicherungsbeiiag", "Barneldauszahlung", "1astschrift" and read its header as
       * "Veiwenuungszssch Rzisszung Guischnn"; sharpened, every one of them as printed. 0 reads it unsharpened.
       */
      sharpenSigma: 1,
      /**
       * A photographed page is read twice when its reading budget allows: as one block of text lines, and again with
       * tesseract's page analysis finding its blocks and columns first, the two merged word by word
       * (read/ocr-page.ts, withColumnsRead). A tuning invoice photo's two-line item records, the figures set between
       * their lines, read as one text line each ("Sue he" for "Papier A4 80 g, ramette" over "SN 7086-8589").
       */
      columnsReading: true,
      /** Edges of the frame the paper may run off: one (a photo that cut off the page's foot); more is a page filling its frame. */
      maxEdgesTouched: 1,
      /** Grey levels the paper must be lighter than the surface around it, on average: a white page on a white table is no clear find. */
      minContrast: 30,
      /** The region's area and its four corners' area within this share of each other: a page, not a blob. */
      minFill: 0.92,
      /** Every corner within acos(maxCornerCos) of a right angle (0.5: 60°–120°): a page at a slant, not a wedge. */
      maxCornerCos: 0.5,
      /** Share of a side left out at each end when its line is fitted: rounded or dog-eared corners. */
      sideTrim: 0.15,
      /** Outline cells this near (cells) a side's first line are its points. */
      sideBand: 2,
      /** A side fitted on fewer points keeps the hull's corners. */
      minSidePoints: 8,
      /** A fitted corner this far (cells) from the hull's is a misfit: the hull's corners are kept. */
      maxCornerShift: 4,
    },
    background: {
      /** Side of the square cells the frame is traced on (px): averaging 4×4 pixels quiets scan grain. */
      cell: 4,
      /** Least cells along each side for a frame to be traced. */
      minCells: 8,
      /** Grey levels a cell may be darker than the paper and still count as paper. */
      darkerThanPaper: 40,
      /** Largest step between neighbouring cells inside the surface: light falls off smoothly across it, the paper's edge is a step of 60 and more. */
      smoothStep: 18,
      /** How much brighter than its median edge cell the surface may get under uneven light. */
      surfaceSpread: 30,
      /** Cells whitened beyond the surface: the cells the paper's edge cuts through, half surface and half paper. */
      edgeMargin: 2,
      /** Share of the image's edge cells that must be dark for a frame to exist (a dark banner at one edge is no frame). */
      frameShare: 0.6,
      /** A cell mean this bright holds no grain: whitened surface or a clean page. */
      pureWhite: 254.5,
      /** Side of the blocks the paper's brightness is measured on, in cells: larger than any stroke or filled box. */
      lightBlock: 8,
    },
    pictures: {
      /** Working resolution of the ink map (px): coarse enough to be fast, fine enough for a signature. */
      gridLongSide: 300,
      /** Luma below this, or colour spread above pictureChroma, is picture ink. */
      inkLuma: 160,
      inkChroma: 60,
      /** Gaps (px of the grid) bridged so a signature's strokes make one blob. */
      bridgePx: 2,
      /** A blob this thin (px) is a ruling line; smaller than minArea or minInk pixels it is a speck; wider than maxWidthShare a frame. */
      maxThinPx: 3,
      minArea: 60,
      minInk: 25,
      maxWidthShare: 0.95,
      /** A logo is looked for near the top: area over its top edge plus this (so a logo at the very top is not infinitely preferred). */
      logoTopOffset: 0.05,
      /** Signatures sit in the lower half of the page and are wide: each doubles as a preference factor. */
      signatureBelow: 0.5,
      signatureBelowFactor: 10,
      signatureMinRatio: 1.5,
      signatureWideFactor: 3,
      /** Photos are roughly portrait or square (width/height in this range). */
      photoMinRatio: 0.5,
      photoMaxRatio: 1.4,
      photoShapeFactor: 10,
    },
    pool: {
      /** OCR threads by default: two let one page be read on two cores (read/bands.ts), never more than the machine has. */
      defaultThreads: 2,
      /**
       * Tesseract workers kept per OCR thread: an idle worker of another model stays (a page in another language is
       * read with English first, then with its own model, so a pool that swapped models would start two per page).
       */
      workersPerSlot: 2,
    },
    words: {
      /** Two words are on one line when their middles differ by less than this share of the taller one's height. */
      sameLineShare: 0.3,
      /** A numeric date split at its spaces ("02. 05. 2020") has at most this many parts, at most dateGapHeights apart. */
      maxDateParts: 3,
      dateGapHeights: 1,
      /** Words closer than this many letter heights may be one number ("393" "85" for 393.85, IBAN groups). */
      joinGapHeights: 1.3,
      /** Confidence (percent) below which a short word is noise; lone digits in table cells are kept from minDigitConfidence. */
      minConfidence: 30,
      minDigitConfidence: 5,
    },
  },
  lines: {
    /** Lines still open for a word (words come sorted by their centre, so only the last few can take one). */
    openLines: 4,
    /** A word joins a line when they overlap vertically by more than this share of the smaller height. */
    sameLineOverlap: 0.5,
    /** Two words with the same text this close (page shares) are one printed twice (fake bold, a shadow). */
    duplicateOffset: 0.002,
    /** OCR boxes hug the glyphs (x-height words are short): a line is at least this share of its tallest word high. */
    tallWordShare: 0.85,
    /**
     * Horizontal gap, in line heights, above which two words belong to different cells. Word spacing is about
     * 0.25–0.35 em; table columns sit at least ~1 em apart.
     */
    cellGapEm: 0.75,
    /** Gaps, in line heights, up to which words may be spaced within one cell ("Am Mühlbach 132" in a wide font). */
    wordGapEm: 1.5,
    /**
     * Word spaces a line needs to set its own spacing (justified text stretches every space alike); a line of at most
     * maxGapsForPageSpacing gaps takes the page's instead. A longer line with fewer spaces is a row of cells (a
     * scanned statement's heads in a wide font: "Belastung" and "Gutschrift" 1.8 line heights apart on a page spaced
     * at 1.3), kept at cellGapEm.
     */
    minOwnSpaces: 3,
    maxGapsForPageSpacing: 3,
    /** A cell boundary is a gap this many times the line's (or page's) word spacing. */
    cellGapSpacings: 1.5,
    /**
     * A line's gaps fall in two groups, word spaces and cell gaps, when the narrowest gap over cellGapEm is this many
     * times the widest under it: a proportional font's space is about 0.3 line heights, a cell gap over 1. A
     * monospaced line's doubled space (1.2 against 0.6, "Basisbetrag:  -2,90,  MwSt.-%  7,0,") is no cell gap.
     */
    apartSpacings: 2.5,
    /** A read page's leftover slant (lines/slant.ts): told from its OCR words, levelled before lines are grouped. */
    slant: {
      /** Fewer OCR words read at minConfidence or more, or fewer neighbouring pairs of them (two words of one cell), tell no slant. */
      minWords: 20,
      minPairs: 20,
      minConfidence: 0.7,
      /** Two words' centres on one line lie within this share of the page's median word height, levelled. */
      bandShare: 0.3,
      /**
       * A word's neighbour in its cell: the nearest word starting at most neighbourGap word heights right of its end
       * (or overlapping it by neighbourOverlap), its centre within neighbourRise heights of the word's.
       */
      neighbourGap: 1.2,
      neighbourOverlap: 0.2,
      neighbourRise: 0.7,
      /** A fitted slope leaves out the neighbours' slopes farther than this from it (about 2°). */
      trimSlope: 0.035,
      /** The fitted slope is fitted this many times, each without the samples the last fit left out, from this many samples at least. */
      fitRounds: 3,
      minFitSamples: 3,
      /**
       * Slants under minDegrees (at the steepest line) are left as read: over a page's width 0.5° moves a line's end
       * by under half a line. Over maxDegrees the page was not read as a page of lines at all.
       */
      minDegrees: 0.5,
      maxDegrees: 10,
      /** The slant must line the words up this many times better than the page as read. */
      minGain: 1.1,
      /** A levelled word keeps at least this share of its box's height. */
      keepHeight: 0.6,
    },
  },
  rows: {
    /** Confidence share kept by a column value that does not fit its concept's kind (a date under "Amount"). */
    kindMisfit: 0.5,
    /**
     * A column of amounts, counts, codes, dates or rates keeps its head's confidence when at least this share of its
     * filled cells are wholly such a value, else kindMisfit of it (rows/column-certainty.ts): on business scans, words
     * under a code's head (two heads the scan joined) came back at 1.0 (docs/measurements.md, "Honest confidence").
     */
    columnKindShare: 0.5,
    /** Confidence of a column named by arithmetic rather than by its head (the row checks move it further). */
    arithmeticColumnConfidence: 0.7,
    /** Confidence of a column named by the shape of its values and its place in the request: less than arithmetic's. */
    kindsColumnConfidence: 0.6,
    /** Confidence of a value read off a headerless list: its place, not a header, says what it is. */
    listValueConfidence: 0.7,
    /**
     * The most a row read as an item may claim when it may be none (rows/row-certainty.ts): its article a summary's or
     * a payment's label, or no asked amount or count where most rows print one. Business tuning scans: 40 such rows at
     * 1.0, none of them an item.
     */
    doubtfulRowCap: 0.5,
    /** A list without heads ends at a summary line of at most this many filled cells ("Total TTC | 116,38"). */
    totalLineMaxCells: 2,
    /** A table naming this many of the fields as columns stands; fewer, a longer list without heads may win. */
    tableOverListColumns: 2,
    /** A list item's description starts in the left part of the page: left of this share of its width. */
    descriptionLeftOf: 0.5,
    /** Quantity × unit price agrees with an amount within a cent (and its rounding). */
    quantityAgreement: 0.011,
    /** Items a list without heads needs (one amount alone is no list). */
    minListItems: 2,
    /**
     * Share of a list's items whose description opens with a bare count ("2 Burger", "1 Cola") for that count to be
     * the quantity on each of them: on one item alone it may be the article's own ("7 Up").
     */
    countFirstShare: 0.75,
    /**
     * The same share over a table's column of articles, whose cells include the totals and payment lines set in the
     * same columns under the items ("QTY DESCRIPTION | AMOUNT" over "1 Coffee | 3,20", then "Total | 3,20").
     */
    tableCountFirstShare: 0.5,
    /**
     * A page this narrow (width / height) or narrower is a till's roll, whose tables print no group heads between
     * items: a row of words alone under an item is the rest of its record (rows/receipt-items.ts withRecordLinesJoined).
     * 80 mm rolls of eight items and more are under 0.5; an A4 page is 0.71.
     */
    tillRollAspect: 0.5,
    /**
     * How far in, in characters of the record's first word, its next line may start under its text (an article under
     * a count and its number, "1 96534" over "Jaja M": four or five).
     */
    recordIndentChars: 8,
  },
  fields: {
    /** Words a label may have ("N° de TVA intracommunautaire" has five). */
    maxLabelWords: 5,
    /** Words of letters that may join a tax label to the rate its cell prints ("IVA à taxa de 13%"). */
    rateJoinWords: 3,
    /**
     * Most a total, subtotal or tax read off a scan may claim when no sum or payment confirms it: tesseract reads a
     * misprinted or blurred digit surely (an 8 for a 0), and a value at 0.9 or more must be right 97 % of the time.
     */
    unconfirmedScanAmount: 0.85,
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
    /**
     * An amount's label that heads an item column too ("Amount", "Total") scores this share of a label naming the
     * document's amount alone: under it by more than bottomBias moves a label down the page.
     */
    itemHeadLabelShare: 0.97,
    /**
     * An amount's label that names another of the document's amounts as well ("Total à payer": the total and the
     * amount due; "Gesamt brutto": the total and gross pay) scores this share of one naming it alone: under an item
     * head's share by more than bottomBias, so a "Total" anywhere above wins.
     */
    sharedLabelShare: 0.94,
    /** Value under the label (framed boxes, next line), less each further line. */
    belowBonus: 0.01,
    perLinePenalty: 0.005,
    /**
     * A value over its label (the label small under the value, nothing under the label): taken from the score of a
     * value under it, and the most gap between the two, in heights of the value's line.
     */
    overLabelPenalty: 0.01,
    overLabelGapLines: 1,
    /** A value over its label wins over one under it when that lies this many times farther (the next row's value). */
    overLabelCloser: 2,
    /** Lines under a label searched for its value (a row of boxes may have a blank line between). */
    maxBelowLines: 4,
    /** Address lines under a name (street, postcode and place, country, a second street line). */
    maxAddressLines: 6,
    /** Words of a state or country line under the postal line ("SELANGOR DARUL EHSAN"). */
    regionLineWords: 3,
    /**
     * Vertical gap, in heights of the line above, that ends an address block: its lines sit about half a line
     * apart, the next block or a title at least a line and a half below.
     */
    addressGapLines: 1.5,
    /** Vertical gap, in line heights, that ends a block under a label. */
    blockGapLines: 3,
    /**
     * Page-height share added per unit of height for amounts (totals close a document, so the lower of two
     * equally labelled amounts is the total) and taken for dates and numbers (they head it).
     */
    bottomBias: 0.02,
    /**
     * Median OCR confidence under which a letterhead's words were made of a logo's shapes: tesseract reads printed
     * names at 0.8-0.96 and the strokes of an emblem as letters at 0-0.55.
     */
    shapeReading: 0.6,
    /** The letterhead is among the first lines in the top part of the page. */
    letterheadTop: 0.3,
    letterheadLines: 8,
    /** Where a window envelope shows the recipient (DIN 5008 and C5/DL windows: 4.5 to 9 cm of a 29.7 cm page, with margin). */
    windowTop: 0.08,
    windowBottom: 0.4,
    /** Lines under a party label read as its block: the address lines, the name and one more (a blank or a contact line). */
    blockExtraLines: 2,
    /** Cells right of a label searched for its value: an amount may have a rate and a currency between. */
    rightCells: 2,
    rightCellsMoney: 3,
    /** A receipt's tax line starting with a one-letter tax class ("A VAT 20% 12.15") has at least this many words. */
    taxClassMinWords: 3,
    /** A value cell on the neighbouring line is level with its label when it overlaps this share of the label's height. */
    levelOverlap: 0.5,
    /** A column of amounts under a totals label summing at its foot: at least sumMinAmounts cells of at most sumCellMaxWords words. */
    sumMinAmounts: 3,
    sumCellMaxWords: 3,
    /** A row of labels over a row of values read as one cell ("Netto | Btw | Totaal" over "876,73 184,11 1.060,84"): at least this many label cells. */
    labelRowMinCells: 2,
    /** Payment details (the payee's account holder) sit in the lower half of the page, within paymentBlockLines of bank details. */
    paymentDetailsBelow: 0.5,
    paymentBlockLines: 4,
    /** Words after a currency's name searched for its ISO code ("Euro (EUR)"). */
    codeLookahead: 2,
    /** An amount printed on this many lines (total, paid, card) is a receipt's total nobody labelled legibly. */
    recurringMinCount: 2,
    /**
     * A labelled value's confidence: its label score times sureShare, plus the rest by how far the next different
     * candidate scores below it (rivalMarginSpan or more: all of it).
     */
    sureShare: 0.75,
    rivalMarginSpan: 0.2,
    /** Confidences of values nobody labelled, by where documents put them: guesses, below any labelled value's. */
    confidence: {
      /**
       * The name at the letterhead or over the address window: read cleanly, it was right on 12 of 13 real receipt
       * scans (tuning) and 6 of 7 business scans, so above the unconfirmed totals and under 0.9 (a brand over the
       * company's name is still a guess).
       */
      unlabelledName: 0.8,
      /** The address under it: one more guess (where the block ends). */
      unlabelledAddress: 0.45,
      /** A purchase order's tax number under a plain "VAT No.": the buyer's, as its letterhead is. */
      purchaseOrderTaxId: 0.5,
      /** How a receipt was paid, read from its payment line. */
      paymentMeans: 0.5,
      /** The first time of day on a receipt; a printed ISO code or currency sign. */
      timeOfDay: 0.6,
      currency: 0.6,
      /** The amount due for a total (or the other way round): a labelled amount of the sister concept. */
      sisterTotal: 0.6,
      /**
       * A document date the page prints as its only date (once, or the same day twice), labelled or not: on the real
       * receipt scans every such date read was right (docs/measurements.md, "Honest confidence"), before its reading's
       * certainty.
       */
      onlyDate: 0.95,
      /** The page's first date for its document date; for a date the document date stands for (broader); a receipt's timestamp. */
      firstDate: 0.45,
      broaderDate: 0.35,
      timestampDate: 0.35,
      /** The amount printed most often, or paid: a receipt's total nobody labelled legibly. */
      recurringAmount: 0.35,
      amountPaid: 0.35,
    },
    totals: {
      /** Labelled candidates of one totals concept kept for the arithmetic, each at this share of its label score. */
      candidates: 3,
      candidateShare: 0.75,
      /** Confidence up to which a total was not read under a label of its own (the amount due's, the amount printed most). */
      unlabelledTotal: 0.6,
      /**
       * A receipt's total read from its payment: tendered less change, and the amount printed that agrees; when no
       * printed amount agrees, this share of it (the difference is worked out, not read).
       */
      paidTotal: 0.6,
      workedOutShare: 0.75,
      /** A total found as subtotal + tax under the subtotal, its label unreadable. */
      summedTotal: 0.5,
      /**
       * An amount before tax found as the total less the tax, printed under a label the catalogue does not know or in
       * a tax summary ("Total Excluded Tax 12.36", "SR 6 313.50 18.81"): as sure as a total found by its sum.
       */
      printedNet: 0.5,
      /** Lines above the change line searched for the amount tendered. */
      tenderedLines: 3,
      /**
       * A change word this long or longer ("rückgeld", "change") is matched one OCR slip off ("RÜCKGEI.D"); shorter
       * ones only as printed.
       */
      changeSlipLetters: 6,
    },
    parties: {
      /** A sender line ("Name · Street · Place") has at least this many parts. */
      senderParts: 3,
      /** A registration number line ("Company No :256628-W") is a few words around the number: at most this many. */
      registrationMaxWords: 5,
      /** A segment is in a head's column when it overlaps this share of the narrower of the two. */
      columnOverlap: 0.5,
      /**
       * A line split at a wide gap is one line of a till's centred head when its parts' middle is at most this far
       * (a share of the page's width) from the name's: measured on tuning receipts, within 0.016 of it.
       */
      centredLineShift: 0.03,
      /** The letterhead is the tallest text near the top: each line lower counts this much less, and a later one must be clearly taller. */
      letterheadLineFalloff: 0.05,
      letterheadClearlyTaller: 1.08,
      /**
       * A number printed alone of this many digits or more is a phone's or a registration's, no line of an address:
       * more than any postcode and house number ("016-5498845," under a till's address).
       */
      bareNumberDigits: 8,
      /**
       * A legal form this long or longer ("sdnbhd", "limited") is matched one OCR slip off ("SON BHD"); shorter ones
       * ("sa", "co", "gmbh") only as printed, as one slip makes them another word.
       */
      companyFormSlipLetters: 5,
      /** Words at the end of a name a legal form may span ("Sp. z o.o.", "Pte Ltd"). */
      companyFormWords: 3,
      /** A one-word label misread over a block: the block has at least this many lines, the name under it this many words. */
      misreadLabelBlockLines: 3,
      misreadLabelNameWords: 2,
    },
    /** A label a scan split at wide word gaps: parts at most this many characters apart, its first and at most splitLabelParts more. */
    splitLabelGap: 5,
    splitLabelParts: 3,
    /**
     * Label words whose concepts tell a document label ("USt. 7 %" labels the tax): as many as a label may have
     * ("Válido a partir de" beside a letterhead a table took in).
     */
    segmentLabelWords: 5,
    /** A table line holding document labels has at most this many labels only items have ("Product", "Price"). */
    maxLineOnlyLabels: 1,
    /** Rows and column borders a table needs to be a list of items rather than a block of totals under their labels. */
    minItemRows: 3,
    minItemSeparators: 2,
    /** Label-and-value pairs for names no concept knows (record-fields.ts). */
    pairs: {
      /** Least match of a label with the field's name; from fullLabelScore on it needs no colon or data value. */
      minLabelScore: 0.6,
      fullLabelScore: 0.8,
      /** Words a label may have. */
      maxLabelWords: 5,
      /** Lines searched under a label, ending at a gap of gapLines line heights. */
      linesBelow: 3,
      gapLines: 2.2,
      /** Bonuses by where the value sits: in the label's cell after a colon, in the next cell (after a colon or not), below; a data value. */
      sameCellColonBonus: 0.05,
      rightColonBonus: 0.04,
      rightBonus: 0.02,
      belowBonus: 0.01,
      dataValueBonus: 0.01,
    },
  },
  tables: {
    /** Line height taken when no line has one (zero-height boxes): about a 9-pt line on a Letter page. */
    lineHeightFallback: 0.01,
    /** Vertical gap (in line heights) that ends a table. */
    maxRowGapEm: 2.6,
    /**
     * Item heads with no item under them yet wait this far (line heights) for the first item: real tables set the
     * header apart from its columns by blank lines or a band (a header 2-3 lines above the items is common).
     */
    headsToItemsGapEm: 6,
    /**
     * An item record set apart from its headed table by a white gap and a note line joins it across at most this many
     * line heights (tables/records-apart.ts).
     */
    recordsApartGapEm: 6,
    /** A line this many line heights under a lone item record, or less, is its text wrapped (tables/records-apart.ts). */
    recordRunOnGapEm: 1,
    /** Lines a table's header may have (group titles, heads, units, a wrapped head). */
    maxHeaderLines: 4,
    /** Lines of several cells a block needs to be a table (one is a label and its value). */
    minTabularLines: 2,
    /** Lone lines (a note, the next title) after data rows, before a heading row, that start a new table. */
    singlesBeforeNewTable: 2,
    /** Lone lines a block may hold in a row before it ends (more is running text). */
    maxPendingSingles: 3,
    /** A lone line wider than this share of the block, of at least wideLineWords words, is a paragraph: it ends the block. */
    wideLineShare: 0.6,
    wideLineWords: 7,
    /** A line this many line heights above a block, or less, sits right above it (a heading, a head line of the table). */
    aboveGapLines: 1.2,
    /** Run-on lines of the last item count only when the items above carry such lines too, at least this many. */
    minRunOnLines: 2,
    /** A heading row after data starts a new table when set this many row pitches below the line above... */
    newHeaderPitch: 1.5,
    /** ...after at least this many data rows, and when data follows within this many lines. */
    dataRowsBeforeNewHeader: 2,
    newHeaderLookahead: 3,
    /** Rules a page needs before blocks spanned by the same vertical rules merge into one grid. */
    minGridRules: 4,
    /** A rule whose two ends differ by less than this (page shares) across its direction is straight: horizontal or vertical. */
    ruleStraightness: 0.002,
    /** Slack (page shares) for a rule lying between two lines. */
    ruleSlack: 0.001,
    /** A summary line under a table is a label and at most one more cell, indented by this share of the table's width. */
    summaryMaxSegments: 2,
    summaryIndentShare: 0.2,
    /** Lines a table keeps however many summary lines end it. */
    minKeptLines: 2,
    /** Heads of a box of totals under the items that may read as no summary label (a scan's slip, "Towal"); two must read. */
    totalsBoxUnreadHeads: 1,
    totalsBoxReadHeads: 2,
    /** A "Label: value" line has at most this many segments (a scan may part the label in two). */
    colonLabelMaxSegments: 3,
    /** Share of a table's cells of the form "Label: value" that makes it a block of record fields, not a table. */
    labelValueShare: 0.34,
    /** Two or three columns (at most this many separators) of cells of proseCellWords words or more (proseCellShare of them) are running text. */
    proseMaxSeparators: 2,
    proseCellWords: 6,
    proseCellShare: 0.6,
    /** Side-by-side copies of a table: the heads must repeat a run of at least this many (paired tables: each has at least this many columns), and half the stub cells of each copy be labels. */
    minRepeatColumns: 2,
    labelledStubShare: 0.5,
    /** White under the header rule's line, in line heights, within which a horizontal rule still belongs to the table's rows. */
    rowRuleReach: 0.5,
    /** Body lines a whitespace gap inside a ruled cell needs to split it (fewer cannot show it is a column). */
    minBodyLinesForSplit: 3,
    /**
     * A head's second line sits tighter under the heads than the data under it: white above it less than this share
     * of the white below.
     */
    wrapHeadGap: 0.5,
    /** A lone label within this share of the width from the stub's left edge opens a section: it is a row, not a head. */
    sectionLabelIndent: 0.02,
    /** A booktabs header rule: the block has at least minRuledBlockLines lines and at most maxHeaderRules rules between them. */
    minRuledBlockLines: 3,
    maxHeaderRules: 3,
    /** Data rows above a rule that make it the rule over a short table's totals, not the header's. */
    dataRowsAboveTotalsRule: 2,
    /** A head line above a table reaches at most this share of its width past either side; longer than titleWords words it is a title. */
    headAboveOverhang: 0.05,
    titleWords: 8,
    /** Resolution of the whitespace gap search (bins across the page): 1/2000 of a Letter page is 0.3 pt. */
    whitespaceBins: 2000,
    /** From this many body lines on, a gap survives stray lines crossing it (a long label), up to strayLineShare of them. */
    strayLinesFrom: 8,
    strayLineShare: 0.08,
    /** A vertical rule this close to the table's side (page widths) is its frame, not a column border. */
    frameInset: 0.004,
    /** Collinear rule pieces this close (page shares) are one border: vertical ones, then horizontal ones. */
    collinearVertical: 0.003,
    collinearHorizontal: 0.002,
    /** A vertical border covers at least this share of the table's height; a horizontal rule this share of its width. */
    columnRuleCover: 0.5,
    rowRuleCover: 0.6,
    /** Left edges this close (page widths) are one column of text; a whitespace gap this close to a rule is the rule's. */
    alignTolerance: 0.015,
    /** Packed columns (a number against its unit): rows needed under heads and without, and share of rows filling the column. */
    packedMinRowsHeaded: 2,
    packedMinRowsHeadless: 3,
    packedColumnFill: 0.6,
    /** Share of a packed column's cells that must show both the number and its unit word. */
    packedShare: 0.75,
    /** Body lines aligning with a head that open a column of its own: at least this many, and headLedShare of them. */
    headLedMinLines: 2,
    /** Step (page widths) a head-led border moves left past a word crossing it. */
    borderStep: 0.001,
    /** A point this far (page widths) inside a head's left edge is in the head's column. */
    insideEdge: 0.0001,
    /** Horizontal rules decide a table's rows when they separate at least this many rows, and this share of its lines. */
    ruledRowsMin: 2,
    ruledRowsShare: 0.35,
    /** Rows whose pitch exceeds this many line heights are set apart by padding, not at the font's leading. */
    paddedRowPitch: 1.35,
    /** Share of the closest rule-separated rows' pitch at which a second complete line in one band is a record of its own. */
    rowPitchShare: 0.85,
    /** Columns filled by this share of a table's rows are its key columns: a row missing one is a continuation. */
    keyColumnShare: 0.6,
    /**
     * A wrapped line sits closer than this share of the row pitch, and within wrapLeading line heights or wrapGap of
     * the white between rows, of the line above.
     */
    wrapPitchShare: 0.8,
    wrapLeading: 1.45,
    /** Largest share of the white between rows that the white above a wrapped line may be. */
    wrapGap: 0.5,
    /**
     * A line starting less than this share of its height above the next is of the next one's row: no two rows, and no
     * head and its column, stand closer than a leading; a row set in the middle of its height (a web page's table) puts
     * its one-line cells between the lines of its wrapped text, half a leading apart.
     */
    interleavedLine: 0.9,
    /**
     * A line of words alone in a table is a group line (no item) where at least this many rows, and more than half,
     * carry figures: one item with a figure beside a line of words tells nothing of which is the table's kind.
     */
    groupLineItemsMin: 2,
    /** A line under a row opened by a label, closer than this share of such rows' pitch, wraps its text. */
    stubWrapShare: 0.7,
    /** A head spans a column when at least this share of its width lies over it. */
    spanShare: 0.15,
    /** Stub columns before a run of repeated sub-headings ("(yrs) | no. | rate | no. | rate"). */
    maxStubColumns: 2,
    /** Heads a stacked header's top line needs; values a record's first line carries at least. */
    stackMinHeads: 3,
    recordMinValues: 2,
    /** Ruled grids side by side: their rules reach this far (page heights) around the table, a rule starting within gridJoin of a run's end continues it. */
    gridReach: 0.01,
    gridJoin: 0.004,
    /**
     * A rule through the middle of a word (inside its box by more than this share of its height from the top and the
     * bottom) is a stroke of the print a scan read as a rule (the bars of its letters), no row line of a grid: a row line
     * runs between the rows' words, an underline at their foot.
     */
    strokeBand: 0.25,
    /** ... and lies over the word for at least this share of its own length. */
    strokeOverWord: 0.5,
    /** Rule heights equal to this many decimals are one row line; a grid has at least minGridRows of them. */
    gridRowDecimals: 3,
    minGridRows: 3,
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
    /**
     * Share of a stack's second-line heads that must stand over values on the records' second lines: heads over none
     * are the wrapped second lines of the heads above them ("Unit" over "Price", "Line" over "Total").
     */
    stackFilledHeadShare: 0.5,
    /** White above a line, in line heights, beyond that between a record's lines, that ends the record (the block after the items). */
    recordGap: 0.5,
    /** Item column heads a line must name to end a label/value block set like a table ("Data | Descrizione | Uscite"). */
    minItemHeads: 3,
    /** A head packed with its neighbours in one cell of a narrow till's head line is at most this many words ("Precio unitario"). */
    packedHeadWords: 2,
    /**
     * Line heights by which a line under the last item may sit closer or further than the one second line the items
     * above carry, and still be that item's second line (records of two lines, the last one): a third of a line
     * allows for a scan's ragged boxes, not for a note set a blank line lower.
     */
    runOnOffset: 0.3,
  },
  /** Which table answers a request and which column holds each field (layout/columns/). */
  columns: {
    /** A head printed exactly as the field is named beats one that only means the same ("Total" asked: the "Total" column, not "Amount"). */
    printedHeadBonus: 0.05,
    /** Share of a column head's certainty that carries to the document-level name of its counterpart (`date` for "Buchungstag"). */
    counterpartShare: 0.9,
    /** Least score of a head (with its column's format evidence) for the column to be a field's. */
    minColumnScore: 0.5,
    /**
     * Two heads one over the other name a field each only where at least this share of the column's filled cells
     * print two lines (an article line over its description): a group heading over a head names one column.
     */
    twoLineCellShare: 0.6,
    /** Format evidence: a column is one of dates (or numbers) when at least this share of its filled cells read so. */
    kindShare: 0.5,
    /** Added to a head's score for a date field over a column of dates, a numeric field over a column of numbers. */
    dateColumnBonus: 0.15,
    numberColumnBonus: 0.08,
    /** Taken from it for a date field over a column of no dates, a numeric field over a column of dates; over a column of words. */
    wrongKindPenalty: 0.25,
    wordsForNumberPenalty: 0.05,
    /** An item's description over a column of codes, or an article number over one of prose (column-mapping.ts, shapeEvidence). */
    codesForTextPenalty: 0.25,
    /** Mean head score per field at which the heuristic header split names the fields well enough that other splits are not tried. */
    wellNamed: 0.9,
    /**
     * Ties between tables go to the bigger: this much per filled cell, counted up to tieCells, is added to the score
     * (500 cells weigh 0.005, less than any difference in head scores).
     */
    tieCells: 500,
    tieWeightPerCell: 1e-5,
    /** Tables scoring within this share of the best one hold the same kind of rows (goods, then services), naming at least minPeerColumns fields. */
    sameTableScore: 0.97,
    minPeerColumns: 2,
    /** Tables overlapping vertically by this share of the shorter stand side by side (read left to right). */
    sideBySideOverlap: 0.5,
    /** Header splits tried end at most at this line: a header is rarely longer, and each split is scored in full. */
    maxAlternativeHeaderEnd: 8,
    /** Heads taken from lines read as data must name this many fields (or all, when fewer are asked). */
    headsFromDataFields: 2,
    /** The page's main table for inferred columns: a table without a header counts this share of its cells. */
    headerlessMainWeight: 0.5,
    /** ...and a block of the document's labelled values (every row's first cell a document label) this share: a short item table under it is the page's. */
    labelBlockMainWeight: 0.5,
    /** Least mean head score per field for a table to answer a request of document-level fields as columns (a table of invoices). */
    documentFieldsAsColumns: 0.9,
    /** Fields the heads must name for a table not to be tried by arithmetic and by the shapes of its values. */
    minHeadedColumns: 2,
    /** Share of a headerless table's rows filling quantity, unit price and line total that must agree for arithmetic to name them. */
    arithmeticRows: 0.6,
    /** Rows that must agree at least (and rows a table needs) for arithmetic to name its columns. */
    minAgreeingRows: 2,
    /** A column holds the description when at least this share of its rows have a word (of three letters or more). */
    describedShare: 0.5,
    /** Columns without heads named by the shapes of their values (column-kinds.ts). */
    kinds: {
      /** Least mean fit of a column's values to a field for the column to be that field's (a column of counts fits a money field at 0.6). */
      minFit: 0.6,
      /** Fields a table must name by its values' shapes: two columns (label and amount) are a block of totals, not items. */
      minFields: 3,
      /** Share of the requested fields that must find a column, so a short table does not answer a long request. */
      minFieldShare: 0.6,
      /** A column filled in less than this share of the rows fits nothing; a table needs minRows rows. */
      minFilledShare: 0.5,
      minRows: 2,
      /** How well a shape that is not the field's own fits it: a decimal for a count, an integer for a code, a number or money, one word for text. */
      decimalForCount: 0.6,
      integerForIdentifier: 0.8,
      wordForText: 0.6,
      integerForNumber: 0.8,
      integerForMoney: 0.6,
    },
    /** How well a field name matches a head or label by its words (field-match.ts). */
    match: {
      /** Words this long at least where one starts the other ("qty" and "qty."): this similar. */
      prefixMinLetters: 3,
      prefixScore: 0.85,
      /** One edit in a word of at least typoMinLetters letters (typos, OCR slips) when the words are this similar, weighed by typoFactor. */
      typoMinLetters: 5,
      typoMinRatio: 0.75,
      typoFactor: 0.9,
      /** Names equal in their canonical words (synonyms) or in their letters (spaces lost): a little less than printed exactly. */
      sameWordsScore: 0.95,
      /** A head longer than the request covering all its words (this share) scores coveredScore; no fuzzy match scores above maxFuzzyScore. */
      fullCoverage: 0.99,
      coveredScore: 0.8,
      maxFuzzyScore: 0.94,
      /** Plurals are cut from words longer than these: "ies" → "y" past four letters ("entries", not "ties"), "s" past three ("items", not "gas"). */
      pluralIesAbove: 4,
      pluralSAbove: 3,
      /** Names whose words are kept prepared: field names and heads repeat across candidates. */
      memoEntries: 5000,
    },
  },
  /** What a value is and how sure its reading and arithmetic make it (layout/values/). */
  values: {
    /** Two amounts agree when they differ by at most a rounding of the last printed cent, or this share of a large sum (0.05 %). */
    centSlack: 0.011,
    sumSlackShare: 0.0005,
    /**
     * Share of the doubt an agreeing sum takes away, and the share of confidence kept when the values read disagree:
     * half, as a total that contradicts its subtotal and tax on a real receipt scan was wrong as often as right
     * (0.8 left them above the unconfirmed ones; docs/measurements.md, "Honest confidence").
     */
    agreementGain: 0.6,
    disagreementShare: 0.5,
    /** A statement's debit and credit read the other way round when, swapped, the running balance agrees with more rows and with this share of them. */
    swappedBalanceShare: 0.5,
    /** A summary label is its cell's words or their first few, up to this many ("Saldo final", "Totale fattura"). */
    summaryLabelWords: 3,
    /** A payment or change line's label is its first word or two ("VISA ***4427", "EC-Karte", "Cash back"). */
    paymentLabelWords: 2,
    /** An amount is its column's sum over the items above after at least this many of them (one item is its own sum). */
    columnSumItems: 2,
    /** A row of amounts, one the sum of the others (net, tax and total side by side): at least this many. */
    ownSumAmounts: 3,
    /**
     * Line totals whose sum is checked against the page's subtotal (rows/lines-sum.ts): at least this many, as one
     * item's amount is the subtotal by itself (a summary line read as the only item would confirm itself).
     */
    linesSumItems: 2,
    /**
     * The last row of a table, no words, repeating the amounts of the items above in at least this many columns is
     * their sum even after one item ("1,00 € | 1,19 €" under a single item's net and gross totals); one amount alone
     * may be an item's own.
     */
    loneItemSumAmounts: 2,
    /** Candidates of each totals part tried for subtotal + tax − discount + shipping ≈ total, best read first. */
    totalsCandidates: 3,
    /** Readings of an amount a scan may have misread (misread-amounts.ts), by how far each is from what was read. */
    readings: {
      /** A punctuation mark out of place, dropped or set right: the reading's digits are what was printed. */
      strayMarkCost: 1,
      /** One digit or the decimal mark changed: a guess the arithmetic must confirm, dearer than a mark. */
      lookAlikeCost: 2,
      /** Confidence of a value the arithmetic repaired: a reading the page did not print as such, worth a look. */
      repairedConfidence: 0.7,
    },
    /** How far a reading off a scan can be trusted (reading-certainty.ts); OCR word confidences here are 0..1. */
    certainty: {
      /** OCR word confidence at or above which a reading takes nothing off a value's confidence (tesseract's clean words score 0.85–0.96). */
      ocrSure: 0.85,
      /** OCR word confidence at which a reading is a guess. */
      ocrUnsure: 0.35,
      /** The least share of its confidence a value keeps for its reading. */
      ocrFloor: 0.2,
      /**
       * The most a value with an unsure word may claim, whatever the arithmetic or labels add: a sure value (0.9 and
       * up) must be right 97 % of the time, and a reading the recognizer doubted is not. So too an identifier or a
       * party's name a scan read a look-alike slip away from its country's shape (layout/values/identifier-shapes.ts).
       */
      unsureReadingCap: 0.85,
      /**
       * A scan's amounts whose decimal mark the page's other amounts contradict are capped like unsure ones: a mark
       * printed by a quarter (or more) of them makes every mark on the page doubtful (a scan that reads a comma as a
       * point reads it so only some of the time: business tuning scans read `5.98` for a printed 5,98 at 1.0), and
       * under that the fewer mark alone is the misread one.
       */
      mixedMarksShare: 0.25,
      /**
       * A page groups the thousands of its large amounts when at least this many of them print a mark ("1'807.65"):
       * then one printed without ("6317.94") lost it to the scan (business tuning scans: 6317.94 for 6'317.94 and
       * 67549.07 for 67'549.07 at 1.0).
       */
      minGroupedAmounts: 2,
      /**
       * The most a document value may claim when given beside the items for a name that may mean each item's (a line
       * concept on a page without items, "Imponibile" read as the subtotal, a `date` beside a statement's columns whose
       * rows' days the table did not join): whose the name is, the request does not say.
       */
      documentValueForItems: 0.4,
      /**
       * The least a line total claims when it is its row's quantity × unit price, or one of items whose line totals add
       * up to the subtotal printed under them, however its column was named: the arithmetic tells which amount is the
       * line total (not which of quantity and price is which). Business tuning scans: 48 of 48 such totals in columns
       * named by arithmetic right at 0.88, and 24 of 24 of receipt lists that add up.
       */
      confirmedLineTotal: 0.92,
    },
    /** Which printed words can be a value of a concept's kind (value-kinds.ts). */
    kinds: {
      /** Words a date may span ("15 de marzo de 2024"); an amount ("EUR 1 234,56" without its currency word). */
      maxDateWords: 5,
      maxAmountWords: 3,
      /** Printed groups of one identifier: an IBAN has up to nine. */
      maxCodeWords: 9,
      /** A lone number is a percentage up to this. */
      maxPercent: 100,
      /** A name has at least minNameLetters letters, this many letters per digit (a registration number in brackets aside), at most maxNameWords words. */
      minNameLetters: 2,
      nameLettersPerDigit: 3,
      maxNameWords: 10,
    },
    /** The page's own habits (page-conventions.ts). */
    conventions: {
      /** Words of a segment's start tried as a label telling the page's language. */
      languageLabelWords: 4,
      /** A page uses one decimal mark when at least this many amounts end with it, and this many times as many as with the other. */
      minDecimalMarks: 3,
      decimalMarkLead: 4,
    },
  },
  /**
   * The model engine (openai/): how surely a value the model returned is on the page, how it is looked for among the
   * page's words, the picture the model sees, and how its client waits on a failing server. The server's address, model,
   * timeouts and retry budget are the service's configuration (src/config-engines.ts), not settings.
   */
  model: {
    /**
     * Confidence of a value by how it was found among the page's words (openai/locate.ts): its exact text, a folded form
     * (case, spacing, accents, OCR look-alikes), the same number or date printed another way. The looser the match, the
     * likelier it is another occurrence of a value alike.
     */
    matchConfidence: { exact: 0.95, folded: 0.85, number: 0.8, date: 0.8 },
    /** Confidence of a value found nowhere on the page, kept only with DOCROWS_OPENAI_UNLOCATED=keep: the model's word alone. */
    unlocatedConfidence: 0.1,
    /** Confidence of a region the model named: snapped to a picture the page shows, or only the model's box. */
    snappedRegionConfidence: 0.9,
    unsnappedRegionConfidence: 0.3,
    /** The model's box is snapped to the picture region overlapping it most when they overlap at least this much (intersection over union). */
    minRegionOverlap: 0.1,
    /** A value is looked for in windows of up to this many words per word of its own (OCR splits words), plus windowExtraWords. */
    windowWordsPerWord: 2,
    windowExtraWords: 3,
    /** A number is matched by its value over at most this many words ("EUR 1 234,50"), a date over at most dateWords ("12. März 2024"). */
    numberWords: 3,
    dateWords: 4,
    /** JPEG quality of the page image the model sees: print stays legible at a fraction of the bytes of a lossless image. */
    jpegQuality: 85,
    /** Characters of a refusing server's reply kept in the error: enough for its message, not a whole page of HTML. */
    errorBodyChars: 300,
    /** Least wait (ms) between the breaker's looks at a server that refused connections. */
    breakerPollMs: 10,
    /**
     * A retry waits backoffGrowth times longer than the one before; the wait is drawn between jitterShare of it and the
     * whole, so the pages that failed together do not retry together.
     */
    backoffGrowth: 2,
    jitterShare: 0.5,
  },
  /** The engines as the service runs them (engines/). */
  engines: {
    /**
     * A page still running after this many minutes is stuck on a pathological input and fails (the job is retried, then
     * refunded): a page takes seconds (OCR at `high` on a large scan about 10 s), and the job's heartbeat would keep its
     * lease alive forever.
     */
    pageTimeoutMinutes: 5,
    /** Niceness of an engine thread (Linux, per thread, inherited by the OCR threads it starts): on a busy machine the HTTP thread wins the CPU. */
    threadNice: 10,
  },
  /** How surely a printed label names a concept of the catalogue (concepts/index.ts: classifyLabel, labelScore). */
  concepts: {
    /** A label with a currency, a rate or a note around it ("Total (EUR)"), and one a slip off (an OCR misread), against 1 for the label exactly. */
    decoratedLabel: 0.96,
    slipLabel: 0.88,
    /** Labels shorter than this (letters of their key) are never read as a slip off another: short words differ by one letter by design. */
    slipMinLetters: 6,
    /** Share of a label's certainty that carries over to a concept through `broader` (a bare "Date" for the invoice date)... */
    broaderShare: 0.8,
    /** ...and to a general request from a specific label ("Invoice date" for `date`). */
    narrowerShare: 0.9,
    /** Printed labels whose scores are kept (labels repeat across pages and candidates). */
    memoEntries: 20_000,
  },
  /** Layout memory: what corrections teach about a sender's pages, and reading a page with it (memory/). */
  memory: {
    /** Share of a memory's anchors a page must print in place to be of its layout. */
    layoutMatch: 0.55,
    /** A value read by a memory is as sure as the page matches the layout, from this floor up to the ceiling (1 is a person's). */
    confidenceFloor: 0.7,
    confidenceCeiling: 0.98,
    /** Share of that confidence kept by a value found only by its place (no label to find it by). */
    placeOnly: 0.97,
    /** Share of the header line's words a page's header must print. */
    headerShare: 0.6,
    /** How far a column's band reaches past the values it was learned from (page widths): far on the side a longer value grows to, little on its aligned side. */
    bandGrowth: 0.12,
    bandSlack: 0.015,
    /** A line is at a learned height when within its own height of it, and at least this (page heights). */
    minLineReach: 0.008,
    /** A label is on its value's line when their tops differ by less than this share of the line's height. */
    sameLineShare: 0.6,
    /** A value's further line starts this close to its first (page widths), within wrapLinesBelow lines. */
    wrapAlign: 0.02,
    wrapLinesBelow: 2,
    /** A table without a learned header starts at its learned top, less this (page heights). */
    topSlack: 0.02,
    /** A table's rows end at a gap of more than this many times the learned largest pitch, plus pitchSlack (page heights). */
    rowGapPitches: 1.5,
    pitchSlack: 0.01,
    /** A text cell goes on over at most this many lines, each at most wrapGapLines line heights below the one before. */
    wrapLines: 3,
    wrapGapLines: 2.2,
    /** A text cell starts above its row's anchor line (centred on the row) after a gap this many times wider than any below it. */
    centredGap: 1.3,
    /** A cell of a column learned apart from the lines between its rows goes on only onto a line closer than this share of the rows' pitch. */
    apartPitchShare: 0.85,
    /** Lines between a label above and its value, at most. */
    labelAboveLines: 2,
    /** How far a row's other cells may sit from its anchor line (a receipt's quantity line above or below the item). */
    rowReach: 2,
    /** Ranks of the places a value is printed: after a label on its line, under a label; more for a label naming its concept, and for words no other field took. */
    sameLineLabelRank: 2,
    labelAboveRank: 1,
    conceptLabelRank: 0.5,
    freeWordsRank: 0.25,
    /** A column is learned when found on at least this share of the rows that fill it. */
    columnFoundShare: 0.5,
    /** Lines above the rows searched for the column heads (or what a till prints before its items). */
    headerLinesAbove: 3,
    /** The largest row pitch of a table of one row: this many of its line's heights. */
    singleRowPitchLines: 3,
    /** Most anchors a memory keeps; fewer than minAnchors say too little of a layout (a merge keeps the earlier ones then). */
    maxAnchors: 160,
    minAnchors: 12,
    /** How far an anchor may move (page widths and heights): a scan's skew, a printer's offset. */
    placeTolerance: 0.03,
    /** A word found in its column but at another height (below a table that grew) counts this much. */
    movedWorth: 0.5,
    /**
     * A value found by its place alone moves as the anchors nearest it moved (the median of this many, printed once on
     * both pages): three, so one misplaced word is outvoted. A receipt with more items is a longer strip, so its header
     * sits higher on the page; a scan is shifted.
     */
    nearestAnchors: 3,
    /** Anchors whose moves lie this close to one line of moves by height (page heights) are moved by that line. */
    fitSlack: 0.003,
    /** Names of a request that must be line concepts, or set row by row, for it to ask for the rows: a table has two columns at least. */
    rowNames: 2,
    /** Anchors are keyed on a grid of this many cells per page side: a layout's key does not move with a point's shift. */
    layoutKeyCells: 20,
    /** The sender (sender.ts): the letterhead is the words in this top share of the page, at most letterheadWords of them. */
    letterheadBand: 0.22,
    letterheadWords: 24,
    /** Share of the sender's letterhead words a page must print. */
    letterheadShare: 0.75,
    /** The letterhead's name: the tallest line above nameTop (page heights), a later one clearly taller by this factor. */
    nameTop: 0.3,
    nameClearlyTaller: 1.05,
    /** An IBAN has 15 (Norway) to 34 characters (ISO 13616). */
    minIbanLength: 15,
    maxIbanLength: 34,
    /** A company register number (sender.ts: `HRB 296513`) has this many digits at least: a shorter one may be anything. */
    registerDigits: 5,
    /** Words of at least this many letters (and no digit) are a page's fixed words: anchors, letterhead and header words. */
    minLetterWordLength: 3,
    /**
     * A value a person set that the page's words do not print as set (find-value.ts) is found printed with at most this
     * share of its characters misread (one slip in seven: `7..58` for 7.58 is one in four, too many; `Krakow` for Kraków
     * one in six), within a run of at most slipRunWords words of one cell. OCR slips a character in most lines of a scan.
     */
    valueSlip: 0.15,
    slipRunWords: 6,
    /**
     * The sender's own name, as the letterhead prints it, is read with more slips on a scan (one in five: `Brückner
     * CmhH`, `Brückner @mhH` for Brückner GmbH): large print and a logo's letters are what OCR reads worst, and the page's
     * sender is told apart already.
     */
    ownNameSlip: 0.2,
  },
});


/** The settings the engine runs with: DEFAULT_SETTINGS' shape, every value a number or a switch (true/false). */
export type EngineSettings = typeof DEFAULT_SETTINGS;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends number ? number : T[K] extends boolean ? boolean : DeepPartial<T[K]> };

/** Some settings changed, the rest as in DEFAULT_SETTINGS. */
export type SettingsOverrides = DeepPartial<EngineSettings>;

function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) deepFreeze(v);
  return Object.freeze(o);
}

/**
 * DEFAULT_SETTINGS with `overrides` laid over them, group by group. A name
 * that is no setting, or a value that is no finite number (no true or false
 * for a switch), is refused: a misspelt override must not pass silently as
 * the default.
 */
export function withSettings(overrides: SettingsOverrides = {}, base: EngineSettings = DEFAULT_SETTINGS): EngineSettings {
  return deepFreeze(merge(base, overrides, 'settings') as EngineSettings);
}

function merge(base: unknown, over: unknown, path: string): unknown {
  if (typeof base === 'number') {
    if (typeof over !== 'number' || !Number.isFinite(over)) throw new Error(`${path} must be a finite number`);
    return over;
  }
  if (typeof base === 'boolean') {
    if (typeof over !== 'boolean') throw new Error(`${path} must be true or false`);
    return over;
  }
  if (typeof over !== 'object' || over === null || Array.isArray(over)) throw new Error(`${path} must be an object of settings`);
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) {
    if (!Object.hasOwn(out, k)) throw new Error(`${path}.${k} is no engine setting`);
    if (v !== undefined) out[k] = merge(out[k], v, `${path}.${k}`);
  }
  return out;
}
