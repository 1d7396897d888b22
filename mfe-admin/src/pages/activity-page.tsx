import { Page, PageTitle } from '@studyhub/shared';
import { entryDetails, actionLabel, actorLabel } from '../activity/describe-entry';
import { getAudit } from '../api/get-audit';
import { DataTable, TableScroller } from '../components/data-table';
import { PagedList } from '../components/paged-list';
import { formatMoment } from '../format/dates';
import { usePagedList } from '../paging/use-paged-list';

/** /admin/activity (beyond SPEC, issue 6): the audit trail, newest first, a page at a time. */
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
                {entries.map((entry) => (
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
        )}
      </PagedList>
    </Page>
  );
}
