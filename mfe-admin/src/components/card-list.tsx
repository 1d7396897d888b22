import styled from 'styled-components';

/** A list of cards, one under the other (the messages and the review queue). */
export const CardList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
`;
