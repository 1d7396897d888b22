import styled from 'styled-components';
import type { UploadKind } from '@studyhub/contract/schemas';
import { KIND_LABELS } from '../uploads/describe-upload';

const Badge = styled.span`
  display: inline-block;
  margin-right: 8px;
  padding: 1px 10px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.8rem;
  font-weight: 700;
  white-space: nowrap;
  vertical-align: 0.1em;
`;

/** Which kind an upload is ("Notes", "Question paper", "Question"), before its title. */
export function KindBadge({ kind }: { kind: UploadKind }) {
  return <Badge data-kind={kind}>{KIND_LABELS[kind]}</Badge>;
}
