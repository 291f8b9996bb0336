import { DetailPage } from '../detail/DetailPage';

/**
 * One shared design for a link's visitor: the detail view, which reads the visitor from the context the share
 * page provides and leaves out what the link does not allow.
 */
export function VisitorDetail() {
  return <DetailPage />;
}
