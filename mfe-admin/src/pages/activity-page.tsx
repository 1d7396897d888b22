import { Page, PageTitle } from '@studyhub/shared';
import type { AuditEntry } from '@studyhub/contract/schemas';
import { entryDetails, actionLabel, actorLabel } from '../activity/describe-entry';
import { getAudit } from '../api/get-audit';
import { DataTable, type Column } from '../components/data-table';
import { PagedList } from '../components/paged-list';
import { formatMoment } from '../format/dates';
import { usePagedList } from '../paging/use-paged-list';

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatMoment(entry.at)}</time> },
  { header: 'Who', cell: actorLabel },
  { header: 'What', rowHeader: true, cell: (entry) => actionLabel(entry.action) },
  { header: 'Details', cell: entryDetails },
];

/** /admin/activity (beyond SPEC, decision 010): the audit trail, newest first, a page at a time. */
export function ActivityPage() {
  const list = usePagedList(getAudit);
  return (
    <Page>
      <PageTitle>Activity</PageTitle>
      <PagedList
        list={list}
        texts={{
          loading: 'Loading activity...',
          failed: 'Could not load the activity.',
          empty: 'Nothing has happened yet.',
        }}
      >
        {(entries) => (
          <DataTable
            caption="What happened, newest first"
            columns={COLUMNS}
            rows={entries}
            rowKey={(entry) => String(entry.id)}
            rowTestId="activity-row"
          />
        )}
      </PagedList>
    </Page>
  );
}
