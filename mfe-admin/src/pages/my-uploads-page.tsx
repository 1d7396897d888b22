import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, Muted, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import type { UploadItem, UploadState } from '@studyhub/contract/schemas';
import { getMyUploads } from '../api/get-my-uploads';
import { DataTable, type Column } from '../components/data-table';
import { PagedList } from '../components/paged-list';
import { UploadReader } from '../components/upload-reader';
import { formatDay } from '../format/dates';
import { KindBadge } from '../components/kind-badge';
import { usePagedList } from '../paging/use-paged-list';
import { MY_UPLOADS_TEXTS } from '../texts';
import { isFileUpload, quoteOf, titleOf, type FileUpload } from '../uploads/describe-upload';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  margin: 0 0 20px;
  p {
    margin: 0;
  }
`;

/** A state's word, in a colour that is never its only sign. */
const State = styled.strong<{ $state: UploadState }>`
  color: ${({ theme, $state }) =>
    $state === 'approved'
      ? theme.colors.success
      : $state === 'rejected'
        ? theme.colors.danger
        : $state === 'pending'
          ? theme.colors.warning
          : theme.colors.muted};
`;

const Title = styled.span`
  overflow-wrap: anywhere;
`;

const Reason = styled.span`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** What became of an upload, in a sentence: until when it waits, since when it is live, why it was rejected. */
function outcomeOf(upload: UploadItem): ReactNode {
  switch (upload.state) {
    case 'pending':
      return upload.expiresAt ? MY_UPLOADS_TEXTS.waitsUntil(formatDay(upload.expiresAt)) : null;
    case 'approved':
      // An admin's own upload is live from its upload; a teacher's from its approval.
      return MY_UPLOADS_TEXTS.approvedOn(formatDay(upload.decidedAt ?? upload.uploadedAt));
    case 'rejected':
      return (
        <>
          {MY_UPLOADS_TEXTS.rejectedBecause} <Reason data-testid="rejection-reason">{upload.reason}</Reason>
        </>
      );
    case 'expired':
      return upload.decidedAt ? MY_UPLOADS_TEXTS.expiredOn(formatDay(upload.decidedAt)) : null;
  }
}

/**
 * /my-uploads (decision 026): the uploader's own uploads, newest first, with each one's state and what became
 * of it; a pending one opens in the in-page reader.
 */
export function MyUploadsPage() {
  const list = usePagedList(getMyUploads);
  const [reading, setReading] = useState<FileUpload | null>(null);

  const columns: Column<UploadItem>[] = [
    {
      header: 'Upload',
      rowHeader: true,
      cell: (upload) => (
        <>
          <KindBadge kind={upload.kind} />
          <Title>{titleOf(upload)}</Title>
        </>
      ),
    },
    {
      header: 'File or question',
      cell: (upload) => <Title>{isFileUpload(upload) ? upload.fileName : quoteOf(upload.text)}</Title>,
    },
    {
      header: 'Uploaded',
      cell: (upload) => <time dateTime={upload.uploadedAt}>{formatDay(upload.uploadedAt)}</time>,
    },
    {
      header: 'Status',
      cell: (upload) => <State $state={upload.state}>{MY_UPLOADS_TEXTS.states[upload.state]}</State>,
    },
    { header: 'Details', cell: outcomeOf },
    {
      header: 'Read',
      cell: (upload) =>
        isFileUpload(upload) && upload.file ? (
          <Button $variant="secondary" onClick={() => setReading(upload)}>
            Read
          </Button>
        ) : (
          <Muted as="span">—</Muted>
        ),
    },
  ];

  return (
    <Page>
      <PageTitle>My uploads</PageTitle>
      <Header>
        <Muted>{MY_UPLOADS_TEXTS.intro}</Muted>
        <ButtonLink to={PATHS.uploadNotes}>{MY_UPLOADS_TEXTS.uploadMore}</ButtonLink>
      </Header>
      <PagedList
        list={list}
        texts={{
          loading: MY_UPLOADS_TEXTS.loading,
          failed: MY_UPLOADS_TEXTS.failed,
          empty: MY_UPLOADS_TEXTS.empty,
        }}
      >
        {(uploads) => (
          <DataTable
            caption={MY_UPLOADS_TEXTS.caption}
            columns={columns}
            rows={uploads}
            rowKey={(upload) => upload._id}
            rowTestId="my-upload"
          />
        )}
      </PagedList>
      {reading && <UploadReader upload={reading} onClose={() => setReading(null)} />}
    </Page>
  );
}
