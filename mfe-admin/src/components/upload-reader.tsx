import { lazy, Suspense } from 'react';
import { Spinner } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import type { UploadItem } from '@studyhub/contract/schemas';

/** pdf.js and the reader are a chunk of their own, fetched when a reader is first opened (decision 016). */
const PdfReader = lazy(() => import(/* webpackChunkName: "pdf-reader" */ '@studyhub/shared/reader'));

/** A pending upload in the in-page reader, from the signed links its list gave (decision 026). */
export function UploadReader({ upload, onClose }: { upload: UploadItem; onClose(): void }) {
  if (!upload.file) return null;
  return (
    <Modal title={`${upload.subjectCode} · ${upload.unit}: ${upload.fileName}`} onClose={onClose}>
      <Suspense fallback={<Spinner label="Loading the PDF reader" />}>
        <PdfReader
          title={`${upload.subject} ${upload.unit} upload`}
          url={upload.file.url}
          downloadUrl={upload.file.downloadUrl}
        />
      </Suspense>
    </Modal>
  );
}
