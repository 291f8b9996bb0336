import { DocumentLimits, type DocumentSearchHit } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DocumentScope, documentKeys, documentsApi } from '../../../api/documents';
import { formErrorText } from '../../../forms/errors';
import { KindIcon } from './DocumentRow';

/** How long typing pauses before the documents are searched. */
export const SEARCH_DELAY_MS = 300;

/** The keyword as the server takes it: trimmed, at most the longest keyword; '' asks nothing. */
export const searchKeyword = (typed: string) => typed.trim().slice(0, DocumentLimits.searchKeywordMax);

/** A snippet with the keyword marked, as often as it appears (case-insensitive, as the search is). */
function Marked({ text, keyword }: { text: string; keyword: string }) {
  const lower = text.toLowerCase();
  const wanted = keyword.toLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(wanted, from); wanted && at >= 0; at = lower.indexOf(wanted, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + wanted.length)}</mark>);
    from = at + wanted.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/**
 * The documents whose name or page text holds the keyword: each hit names the document (opening it) and
 * quotes the pages that hold it ("p. 3: …text around it…", the server's snippet), each opening the document at
 * that page.
 */
export function SearchResults({
  scope,
  keyword,
  onOpen,
}: {
  scope: DocumentScope;
  keyword: string;
  onOpen: (hit: DocumentSearchHit, page?: number) => void;
}) {
  const { t } = useTranslation();
  const search = useQuery({
    queryKey: documentKeys.search(scope.team_id, scope.project_id, keyword),
    queryFn: () => documentsApi.search(scope, keyword),
    enabled: keyword !== '',
  });
  if (search.isPending) return <Spin className="product-search-loading" data-testid="doc-search-loading" />;
  if (search.isError)
    return (
      <div className="product-search-failed" data-testid="doc-search-failed">
        {formErrorText(search.error, t('common.requestFailed'))}
        <Button type="link" size="small" onClick={() => void search.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const hits = search.data.list;
  if (hits.length === 0)
    return (
      <Empty
        className="product-search-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('product.search.none', { keyword })}
        data-testid="doc-search-empty"
      />
    );
  return (
    <ul className="product-hits" data-testid="doc-search-results">
      {hits.map((hit) => (
        <li key={hit.doc_id} className="product-hit" data-testid="doc-hit" data-doc-id={hit.doc_id}>
          <button
            type="button"
            className="product-hit-name"
            onClick={() => onOpen(hit)}
            data-testid="doc-hit-open"
          >
            <KindIcon kind={hit.kind} />
            <span className="product-doc-name">
              <Marked text={hit.name} keyword={keyword} />
            </span>
          </button>
          {hit.matches.map((match) => (
            <button
              type="button"
              key={match.page}
              className="product-hit-page"
              onClick={() => onOpen(hit, match.page)}
              data-testid="doc-hit-page"
              data-page={match.page}
            >
              <span className="product-hit-pageno">{t('product.search.page', { page: match.page })}</span>
              <span className="product-hit-snippet">
                <Marked text={match.snippet} keyword={keyword} />
              </span>
            </button>
          ))}
        </li>
      ))}
    </ul>
  );
}
