/** An 8-bit single-channel image, row-major (0 = black, 255 = white). */
export interface GreyRaster {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Netpbm P5 bytes of a raster: tesseract's image reader (Leptonica) reads it
 * without any decompression, where a PNG would be zlib-encoded here and
 * decoded again inside the WASM engine.
 */
export function toPgm(r: GreyRaster): Buffer {
  const header = Buffer.from(`P5\n${r.width} ${r.height}\n255\n`, 'latin1');
  return Buffer.concat([header, r.data]);
}

/** Rows [y0, y1) of a raster with `pad` white rows added above and below. */
export function cropRows(r: GreyRaster, y0: number, y1: number, pad = 0): GreyRaster {
  const rows = y1 - y0;
  const data = new Uint8Array((rows + 2 * pad) * r.width).fill(255);
  data.set(r.data.subarray(y0 * r.width, y1 * r.width), pad * r.width);
  return { width: r.width, height: rows + 2 * pad, data };
}

/** The raster turned by 180°: reversing the pixel order is exactly that rotation. */
export function halfTurn(r: GreyRaster): GreyRaster {
  return { width: r.width, height: r.height, data: r.data.slice().reverse() };
}

/** Ink pixels (darker than `threshold`) per row. */
export function rowInk(r: GreyRaster, threshold: number): Uint32Array {
  const ink = new Uint32Array(r.height);
  for (let y = 0; y < r.height; y++) {
    let n = 0;
    const row = y * r.width;
    for (let x = 0; x < r.width; x++) if (r.data[row + x] <= threshold) n++;
    ink[y] = n;
  }
  return ink;
}
