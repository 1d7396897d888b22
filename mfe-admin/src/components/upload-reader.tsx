import { lazy, Suspense } from 'react';
import { Spinner } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import { identityOf, nameOf, type FileUpload } from '../uploads/describe-upload';

/** pdf.js and the reader are a chunk of their own, fetched when a reader is first opened (decision 016). */
const PdfReader = lazy(() => import(/* webpackChunkName: "pdf-reader" */ '@studyhub/shared/reader'));

/** A pending upload's PDF (notes or a question paper) in the in-page reader, from the signed links its list gave. */
export function UploadReader({ upload, onClose }: { upload: FileUpload; onClose(): void }) {
  if (!upload.file) return null;
  return (
    <Modal title={nameOf(upload)} onClose={onClose}>
      <Suspense fallback={<Spinner label="Loading the PDF reader" />}>
        <PdfReader title={`${upload.subject} ${identityOf(upload)} upload`} file={upload.file} />
      </Suspense>
    </Modal>
  );
}
