/**
 * Another website that publishes PDFs, as the university does for its syllabus: a local HTTP server with real
 * PDFs made by pdf-lib, so a syllabus tile can be opened in the browser without reaching the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PdfHost {
  /** Publishes a one-page PDF with this title and returns its URL. */
  publish(name: string, title: string): Promise<string>;
  close(): Promise<void>;
}

export async function startPdfHost(): Promise<PdfHost> {
  const files = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    // The tab that opens a PDF asks for the site's icon too; a real site has one, and a 404 would be logged.
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async publish(name, title) {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      pdf.addPage([595, 842]).drawText(title, { x: 50, y: 780, size: 16, font });
      const pathname = `/${encodeURIComponent(name)}.pdf`;
      files.set(pathname, Buffer.from(await pdf.save()));
      return `http://127.0.0.1:${port}${pathname}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
