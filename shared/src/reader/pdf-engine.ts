/**
 * The one module that imports pdf.js. It is reached only through the reader's dynamic import, so pdf.js
 * (~117 KB gzip, its worker ~290 KB more) is in the reader's chunk and never in a page's first load.
 */
import {
  getDocument,
  GlobalWorkerOptions,
  PDFDataRangeTransport,
  PDFWorker,
  RenderingCancelledException,
  TextLayer,
  version,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist';
import { answerRangesFrom } from './stored-ranges';

// webpack emits the worker as a file of this release (hashed, immutable, precompressed like the others), so it
// comes from our own origin and runs under the site's script-src 'self'.
const workerUrl = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
GlobalWorkerOptions.workerSrc = workerUrl.toString();

/**
 * pdf.js's cMaps, standard fonts and decoders, which the build copies beside the worker
 * (tooling/src/build/pdfjs-data.ts) under the pdf.js version, so they come from our origin like the worker.
 */
const dataUrl = (folder: string) => new URL(`pdfjs-${version}/${folder}/`, workerUrl).toString();

let sharedWorker: PDFWorker | undefined;

/**
 * Starts pdf.js's worker (fetching and compiling ~290 KB gzip) before a reader needs it; every document then
 * uses this one worker, which lives as long as the page.
 */
export function warmUpEngine(): void {
  sharedWorker ??= new PDFWorker();
}

export type { PDFDocumentProxy, PDFPageProxy };

export type PdfSource =
  | {
      /** The unit's signed inline link from GET /api/notes/units (works for 15 minutes without a header). */
      url: string;
      /** The session's token: a link older than 15 minutes still works while the session does. */
      token: string | null;
    }
  | {
      /** A copy saved for offline reading (decision 036): read from the phone, never the network. */
      stored: Blob;
    };

/** pdf.js's range transport over a stored copy: the ranges it asks for come from the Blob (stored-ranges.ts). */
function storedRangeTransport(file: Blob): PDFDataRangeTransport {
  const transport = new PDFDataRangeTransport(file.size, null);
  const answer = answerRangesFrom(file, transport);
  transport.requestDataRange = (begin: number, end: number) => {
    answer(begin, end).catch((error: unknown) => console.warn('A saved copy could not be read', error));
  };
  return transport;
}

const sourceParameters = (source: PdfSource) =>
  'stored' in source
    ? { range: storedRangeTransport(source.stored), length: source.stored.size }
    : {
        url: source.url,
        httpHeaders: source.token ? { Authorization: `Bearer ${source.token}` } : undefined,
      };

/**
 * Starts loading a PDF by range requests: pdf.js asks for the file, sees `Accept-Ranges: bytes`, drops that
 * request and fetches only the 128 KiB chunks it needs (the trailer, the cross-reference table, the shown page's
 * objects; decision 016 says why 128 and not pdf.js's 64). `disableAutoFetch` stops it fetching the rest in the background; `disableStream` stops the first
 * request from streaming the whole file.
 */
export function openPdf(source: PdfSource): PDFDocumentLoadingTask {
  warmUpEngine();
  return getDocument({
    worker: sharedWorker,
    ...sourceParameters(source),
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: 131072,
    // The site's Content-Security-Policy has no 'unsafe-eval'; pdf.js would otherwise compile font programs
    // with new Function (and the CSP would log a violation for its feature test).
    isEvalSupported: false,
    // No XFA forms, no scripting: a document to read.
    enableXfa: false,
    // Text in fonts a file does not embed: CJK through Adobe's CMaps, the 14 standard fonts from their data.
    cMapUrl: dataUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataUrl('standard_fonts'),
    // The CSP has no 'wasm-unsafe-eval': pdf.js would try its WebAssembly decoders, be refused (a console error
    // and a policy report each time) and fall back. Asking for its JavaScript decoders straight away draws JPEG
    // 2000 (wasm/openjpeg_nowasm_fallback.js) and JBIG2 images (in the worker) alike.
    useWasm: false,
    wasmUrl: dataUrl('wasm'),
  });
}

export interface DrawnPage {
  canvas: HTMLCanvasElement;
}

/**
 * Draws `page` at `scale` CSS pixels per PDF unit into a new canvas with `pixelRatio` canvas pixels per CSS
 * pixel. A new canvas each time: the one on screen stays until its replacement is complete (no blank flash
 * while zooming). `cancel` stops a draw that is no longer wanted; its promise then rejects with
 * RenderingCancelledException, which `isCancelled` recognises.
 */
export function drawPage(
  page: PDFPageProxy,
  scale: number,
  pixelRatio: number,
): { promise: Promise<DrawnPage>; cancel(): void } {
  const viewport = page.getViewport({ scale });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(viewport.width * pixelRatio));
  canvas.height = Math.max(1, Math.floor(viewport.height * pixelRatio));
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const task: RenderTask = page.render({
    canvas,
    viewport,
    transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
  });
  return { promise: task.promise.then(() => ({ canvas })), cancel: () => task.cancel() };
}

/**
 * pdf.js's text layer over the page: transparent, positioned text a finger or mouse can select and copy. The
 * container's `--total-scale-factor` must be `scale` (pdf.js sizes the spans from it).
 */
export function drawTextLayer(
  page: PDFPageProxy,
  scale: number,
  container: HTMLElement,
): { promise: Promise<void>; cancel(): void } {
  const layer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container,
    viewport: page.getViewport({ scale }),
  });
  return { promise: layer.render(), cancel: () => layer.cancel() };
}

export function isCancelled(error: unknown): boolean {
  return (
    error instanceof RenderingCancelledException ||
    (error instanceof Error && error.name === 'AbortException')
  );
}
