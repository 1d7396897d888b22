import { Button, Muted, Notice, Page, PageTitle } from '@studyhub/shared';
import { entryDetails, actionLabel, actorLabel } from '../activity/describe-entry';
import { getAudit } from '../api/get-audit';
import { DataTable, TableScroller } from '../components/data-table';
import { Pager } from '../components/pager';
import { formatMoment } from '../format/dates';
import { usePagedList } from '../paging/use-paged-list';

/** /admin/activity (beyond SPEC, issue 6): the audit trail, newest first, a page at a time. */
export function ActivityPage() {
  const list = usePagedList(getAudit);
  return (
    <Page>
      <PageTitle>Activity</PageTitle>
      {list.loading ? (
        <Notice role="status">Loading activity...</Notice>
      ) : list.failed || !list.data ? (
        <Notice role="alert">
          <p>Could not load the activity.</p>
          <Button onClick={list.retry}>Retry</Button>
        </Notice>
      ) : list.data.items.length === 0 ? (
        <Notice>
          <Muted>Nothing has happened yet.</Muted>
        </Notice>
      ) : (
        <>
          <TableScroller>
            <DataTable>
              <caption>What happened, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((entry) => (
                  <tr key={entry.id} data-testid="activity-row">
                    <td>
                      <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
                    </td>
                    <td>{actorLabel(entry)}</td>
                    <th scope="row">{actionLabel(entry.action)}</th>
                    <td>{entryDetails(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroller>
          <Pager {...list.data} onPage={list.setPage} />
        </>
      )}
    </Page>
  );
}
