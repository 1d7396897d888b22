import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import type { ReaderFile } from '@studyhub/shared/reader';
import { usePreviewFile, type SavedAs } from '../offline/use-stored-copy';

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
  /** Where the file is saved for offline, if it may be: a current saved copy is read instead, with no data spent. */
  savedAs?: SavedAs;
  onClose(): void;
  /** A reader link's page and words to mark (decision 040). */
  startPage?: number;
  marks?: readonly string[];
  /** Each page the reader shows, for the progress kept (decision 041). */
  onPageChange?(page: number, pages: number): void;
  /** Beside the dialog's title: the star of the page in view (decision 041). */
  pageTools?: ReactNode;
}

/** A file in the in-page reader (decision 016), in the large dialog. */
export function PdfPreview(props: PdfPreviewProps) {
  const { title, documentName, file, savedAs, onClose, startPage, marks, onPageChange, pageTools } = props;
  const read = usePreviewFile(file, savedAs);
  return (
    <Modal title={title} onClose={onClose} titleTools={pageTools}>
      <Suspense fallback={<Spinner label="Loading the PDF reader" />}>
        {read ? (
          <PdfReader
            title={documentName}
            file={read}
            startPage={startPage}
            marks={marks}
            onPageChange={onPageChange}
          />
        ) : (
          <Spinner label="Loading the PDF reader" />
        )}
      </Suspense>
    </Modal>
  );
}
