import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  getSyllabus,
  Muted,
  Notice,
  OfflineNotice,
  Page,
  PageTitle,
  useApiQuery,
  useMutation,
} from '@studyhub/shared';
import { PATHS, SYLLABUS_SEMESTERS } from '@studyhub/contract';
import type { SyllabusEntry } from '@studyhub/contract/schemas';
import { cleanSyllabusDuplicates } from '../api/clean-syllabus-duplicates';
import { deleteSyllabus } from '../api/delete-syllabus';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { SyllabusEntryEditor } from '../components/syllabus-entry-editor';
import { SYLLABUS_TEXTS } from '../texts';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 20px;
`;

const Links = styled.span`
  display: inline-flex;
  /* Eight links wrap on a phone's card rather than run off its edge. */
  flex-wrap: wrap;
  gap: 6px;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
  }
`;

const RowActions = styled.div`
  display: flex;
  gap: 6px;
`;

type Pending = { kind: 'delete'; entry: SyllabusEntry } | { kind: 'cleanup' };

/** How an entry is named in questions and to screen readers. */
export const entryLabel = (entry: SyllabusEntry) =>
  `${entry.name} (${entry.code}) · ${entry.program} · ${entry.system} · ${entry.grading} · ${entry.uploadType}`;

/** The semesters with a PDF, each a link that opens it in a new tab. */
function SemesterLinks({ entry }: { entry: SyllabusEntry }) {
  const present = SYLLABUS_SEMESTERS.filter((semester) => entry.pdfs[String(semester)]);
  if (present.length === 0) return <Muted as="span">None</Muted>;
  return (
    <Links>
      {present.map((semester) => (
        <a
          key={semester}
          href={entry.pdfs[String(semester)]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Semester ${semester} PDF`}
        >
          {semester}
        </a>
      ))}
    </Links>
  );
}

/**
 * /admin/syllabus-table (product §2, §4, §8): every syllabus entry, with inline edit (Save, Cancel), delete and
 * clean-up of duplicates, each of the last two behind a confirmation.
 */
export function SyllabusTablePage() {
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const listing = useApiQuery('syllabus-entries', (signal) => getSyllabus({}, signal), {
    onError: ({ cause }) => console.error('Failed to load syllabus entries', cause),
  });

  const replaceEntry = (saved: SyllabusEntry) =>
    listing.update((entries) => entries.map((entry) => (entry._id === saved._id ? saved : entry)));

  const action = useMutation(
    async (task: Pending) => {
      if (task.kind === 'delete') {
        await deleteSyllabus(task.entry._id);
        return SYLLABUS_TEXTS.deleted;
      }
      return (await cleanSyllabusDuplicates()).message;
    },
    {
      // The delete's SPEC text, or the clean-up's own report from the server.
      successToast: (text) => text,
      errorToast: (_error, [task]) =>
        task.kind === 'delete' ? SYLLABUS_TEXTS.deleteFailed : SYLLABUS_TEXTS.cleanupFailed,
      async onSuccess(_text, [task]) {
        if (task.kind === 'delete') {
          listing.update((entries) => entries.filter((entry) => entry._id !== task.entry._id));
        } else {
          // The dialog stays busy until the merged list is in.
          await listing.reload();
        }
        setPending(null);
      },
      onError(error, [task]) {
        console.error(`Syllabus ${task.kind} failed`, error);
        setPending(null);
      },
    },
  );

  function confirm() {
    if (pending) void action.run(pending);
  }

  const columns: Column<SyllabusEntry>[] = [
    { header: 'Department', rowHeader: true, cell: (entry) => `${entry.name} (${entry.code})` },
    { header: 'Program', cell: (entry) => entry.program },
    { header: 'System', cell: (entry) => entry.system },
    { header: 'Grading', cell: (entry) => entry.grading },
    { header: 'Type', cell: (entry) => entry.uploadType },
    { header: 'Semester PDFs', cell: (entry) => <SemesterLinks entry={entry} /> },
    {
      header: 'Actions',
      cell: (entry) => (
        <RowActions>
          <Button
            $variant="ghost"
            onClick={() => setEditing(entry._id)}
            disabled={editing === entry._id}
            aria-label={`Edit ${entryLabel(entry)}`}
          >
            Edit
          </Button>
          <Button
            $variant="danger"
            onClick={() => setPending({ kind: 'delete', entry })}
            aria-label={`Delete ${entryLabel(entry)}`}
          >
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Page>
      <PageTitle>Manage Syllabus</PageTitle>
      <Toolbar>
        <ButtonLink to={PATHS.addSyllabus}>Add Syllabus</ButtonLink>
        <Button
          $variant="secondary"
          onClick={() => setPending({ kind: 'cleanup' })}
          disabled={listing.status !== 'ready' || listing.data.length < 2}
        >
          Clean duplicates
        </Button>
      </Toolbar>
      {listing.status === 'loading' ? (
        <Notice role="status">{SYLLABUS_TEXTS.loading}</Notice>
      ) : listing.status === 'error' && listing.error.offline ? (
        <OfflineNotice />
      ) : listing.status === 'error' ? (
        <Notice role="alert">
          <p>{SYLLABUS_TEXTS.loadFailed}</p>
          <Button onClick={() => void listing.reload()}>Retry</Button>
        </Notice>
      ) : listing.data.length === 0 ? (
        <Notice>
          <Muted>{SYLLABUS_TEXTS.empty}</Muted>
        </Notice>
      ) : (
        <DataTable
          caption={`Syllabus entries (${listing.data.length})`}
          columns={columns}
          rows={listing.data}
          rowKey={(entry) => entry._id}
          rowTestId="syllabus-row"
          below={(entry) =>
            editing === entry._id && (
              <SyllabusEntryEditor
                entry={entry}
                label={entryLabel(entry)}
                onSaved={(saved) => {
                  replaceEntry(saved);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            )
          }
        />
      )}
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'delete' ? 'Delete syllabus entry?' : 'Clean duplicates?'}
          message={
            pending.kind === 'delete'
              ? SYLLABUS_TEXTS.confirmDelete(entryLabel(pending.entry))
              : SYLLABUS_TEXTS.confirmCleanup
          }
          confirmLabel={pending.kind === 'delete' ? 'Delete' : 'Clean duplicates'}
          busy={action.busy}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </Page>
  );
}
