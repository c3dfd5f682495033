/**
 * Typed views over PDFium's heap where its calls write their out-parameters, made once per page rather than per
 * character or path segment, and again only after the heap grew (growing it detaches every view on the old one).
 */
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';

type Heap = ArrayBuffer | SharedArrayBuffer;

export class HeapViews<T> {
  private heap: Heap;
  private views: T;

  constructor(private readonly m: WrappedPdfiumModule, private readonly make: (heap: Heap) => T) {
    this.heap = m.pdfium.HEAPU8.buffer;
    this.views = make(this.heap);
  }

  /** The views, current after the calls that wrote through them. */
  get(): T {
    if (this.heap !== this.m.pdfium.HEAPU8.buffer) {
      this.heap = this.m.pdfium.HEAPU8.buffer;
      this.views = this.make(this.heap);
    }
    return this.views;
  }
}
