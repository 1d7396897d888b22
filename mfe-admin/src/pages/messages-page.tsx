import styled from 'styled-components';
import { Card, Muted, Page, PageTitle } from '@studyhub/shared';
import { getMessages } from '../api/get-messages';
import { CardList } from '../components/card-list';
import { PagedList } from '../components/paged-list';
import { formatMoment } from '../format/dates';
import { usePagedList } from '../paging/use-paged-list';

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const From = styled.header`
  display: flex;
  flex-wrap: wrap;
  /* A long email address breaks instead of pushing the card past a phone's edge. */
  overflow-wrap: anywhere;
  gap: 4px 12px;
  align-items: baseline;
  /* The address is a finger-sized tap target (44 px). */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

/** /admin/messages (beyond SPEC, decision 010): what users wrote on the Contact page, newest first. */
export function MessagesPage() {
  const list = usePagedList(getMessages);
  return (
    <Page>
      <PageTitle>Messages</PageTitle>
      <PagedList
        list={list}
        texts={{
          loading: 'Loading messages...',
          failed: 'Could not load the messages.',
          empty: 'No messages yet.',
        }}
      >
        {(messages) => (
          <CardList>
            {messages.map((message) => (
              <li key={message._id}>
                <Card data-testid="contact-message">
                  <From>
                    <strong>{message.name}</strong>
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                    {message.accountDeleted && <Muted as="span">(account deleted)</Muted>}
                    <Muted as="span">
                      <time dateTime={message.createdAt}>{formatMoment(message.createdAt)}</time>
                    </Muted>
                  </From>
                  <Body>{message.message}</Body>
                </Card>
              </li>
            ))}
          </CardList>
        )}
      </PagedList>
    </Page>
  );
}
