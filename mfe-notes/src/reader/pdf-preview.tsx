import { lazy, Suspense } from 'react';
import { Spinner } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import type { ReaderFile } from '@studyhub/shared/reader';

/**
 * pdf.js and the reader are a chunk of their own, never in a page's first load: fetched when the page idles
 * with a file to show (useWarmReader), or when a student opens a preview first.
 */
const PdfReader = lazy(() => import(/* webpackChunkName: "pdf-reader" */ '@studyhub/shared/reader'));

interface PdfPreviewProps {
  /** The dialog's title: what is read ("CS-501 · Unit 1: Automata"). */
  title: string;
  /** The document's name for screen readers ("Theory of Computation Unit 1 notes"). */
  documentName: string;
  file: ReaderFile;
  onClose(): void;
}

/** A file in the in-page reader (decision 016), in the large dialog. */
export function PdfPreview({ title, documentName, file, onClose }: PdfPreviewProps) {
  return (
    <Modal title={title} onClose={onClose}>
      <Suspense fallback={<Spinner label="Loading the PDF reader" />}>
        <PdfReader title={documentName} file={file} />
      </Suspense>
    </Modal>
  );
}
