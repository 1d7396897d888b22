import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorReply,
  Button,
  Card,
  getReviewQueue,
  Muted,
  Page,
  PageTitle,
  formatSize,
  serverMessageOr,
  useMutation,
} from '@studyhub/shared';
import type { ReviewDecisionBody, ReviewItem } from '@studyhub/contract/schemas';
import { decideReview } from '../api/decide-review';
import { CardList } from '../components/card-list';
import { PagedList } from '../components/paged-list';
import { RejectDialog } from '../components/reject-dialog';
import { UploadReader } from '../components/upload-reader';
import { KindBadge } from '../components/kind-badge';
import { formatDay, formatMoment } from '../format/dates';
import { usePagedList } from '../paging/use-paged-list';
import { REVIEW_TEXTS } from '../texts';
import { nameOf, questionFacts, titleOf, type FileUpload } from '../uploads/describe-upload';

const Facts = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Intro = styled(Muted)`
  margin: 0 0 20px;
`;

/** A proposed question as its teacher wrote it, lines kept: what the admin judges. */
const QuestionText = styled.blockquote`
  margin: 0;
  padding: 10px 14px;
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: 8px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const ReviewCard = styled(Card)`
  h2 {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
`;

function uploaderOf(upload: ReviewItem): string {
  if (!upload.uploader || upload.uploader.name === null) return REVIEW_TEXTS.deletedUploader;
  return `${upload.uploader.name} (${upload.uploader.email})`;
}

const fetchQueue = (page: number, signal: AbortSignal) => getReviewQueue({ page }, signal);

/**
 * /admin/review-uploads (decision 026): teachers' pending uploads, oldest first, each with what it is, who sent it,
 * the in-page reader, and Approve or Reject (with a reason). A decision another admin made first, or an upload
 * that expired meanwhile, is said in a toast and the list is read again.
 */
export function ReviewUploadsPage() {
  const list = usePagedList(fetchQueue);
  const [reading, setReading] = useState<FileUpload | null>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);

  const decision = useMutation(
    (upload: ReviewItem, body: ReviewDecisionBody) => decideReview(upload._id, body),
    {
      successToast: (reply) => reply.message,
      errorToast: serverMessageOr(REVIEW_TEXTS.decisionFailed),
      onSuccess(_reply, [upload]) {
        setRejecting(null);
        list.update((page) => ({
          ...page,
          items: page.items.filter((item) => item._id !== upload._id),
          total: page.total - 1,
        }));
      },
      onError(error) {
        setRejecting(null);
        // Decided elsewhere or expired: what the list shows is out of date.
        if (apiErrorReply(error)?.status === 409) list.retry();
      },
    },
  );
  const busyId = decision.variables?.[0]._id ?? null;

  return (
    <Page>
      <PageTitle>Review uploads</PageTitle>
      <Intro>{REVIEW_TEXTS.intro}</Intro>
      <PagedList
        list={list}
        texts={{ loading: REVIEW_TEXTS.loading, failed: REVIEW_TEXTS.failed, empty: REVIEW_TEXTS.empty }}
      >
        {(uploads) => (
          <CardList>
            {uploads.map((upload) => (
              <li key={upload._id}>
                <ReviewCard data-testid="review-item" data-kind={upload.kind}>
                  <div>
                    <KindBadge kind={upload.kind} />
                  </div>
                  <h2>{titleOf(upload)}</h2>
                  <Facts>
                    {upload.branch} | {upload.year} | {upload.semester}
                  </Facts>
                  <Facts>
                    {REVIEW_TEXTS.from} {uploaderOf(upload)}
                  </Facts>
                  {upload.kind === 'question' && (
                    <>
                      <QuestionText>{upload.text}</QuestionText>
                      {questionFacts(upload) && <Facts>{questionFacts(upload)}</Facts>}
                    </>
                  )}
                  <Muted>
                    {upload.kind !== 'question' && (
                      <>
                        {upload.fileName} · {formatSize(upload.size)} ·{' '}
                      </>
                    )}
                    <time dateTime={upload.uploadedAt}>{formatMoment(upload.uploadedAt)}</time>
                    {upload.expiresAt && (
                      <>
                        {' '}
                        · {REVIEW_TEXTS.expires}{' '}
                        <time dateTime={upload.expiresAt}>{formatDay(upload.expiresAt)}</time>
                      </>
                    )}
                  </Muted>
                  <Actions>
                    {upload.kind !== 'question' && (
                      <Button $variant="secondary" onClick={() => setReading(upload)}>
                        {REVIEW_TEXTS.read}
                      </Button>
                    )}
                    <Button
                      disabled={busyId !== null}
                      onClick={() => void decision.run(upload, { decision: 'approve' })}
                    >
                      {REVIEW_TEXTS.approve}
                    </Button>
                    <Button $variant="danger" disabled={busyId !== null} onClick={() => setRejecting(upload)}>
                      {REVIEW_TEXTS.reject}
                    </Button>
                  </Actions>
                </ReviewCard>
              </li>
            ))}
          </CardList>
        )}
      </PagedList>
      {reading && <UploadReader upload={reading} onClose={() => setReading(null)} />}
      {rejecting && (
        <RejectDialog
          upload={nameOf(rejecting)}
          busy={busyId !== null}
          onCancel={() => setRejecting(null)}
          onReject={(reason) => void decision.run(rejecting, { decision: 'reject', reason })}
        />
      )}
    </Page>
  );
}
