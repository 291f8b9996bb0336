import { SEARCH_SORTS, SEARCH_TYPES, SearchLimits, type SearchSort } from '@ferry/shared';
import { Button, Input, Select, Skeleton, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { usePreferences, writePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { HitRow } from './HitRow';
import { hitPath, type SearchView, searchPath, searchViewOf } from './paths';
import { SearchState } from './SearchState';
import { useSearch } from './useSearch';
import './search.css';

/** The field, kept as typed until submitted; another address (back, forward) starts it over. */
function KeywordField({ keyword, onSubmit }: { keyword: string; onSubmit: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(keyword);
  return (
    <Input.Search
      className="search-page-input"
      size="large"
      allowClear
      enterButton
      value={typed}
      maxLength={SearchLimits.keywordMaxLength}
      placeholder={t('search.placeholder')}
      onChange={(event) => setTyped(event.target.value)}
      onSearch={(value) => onSubmit(value.trim())}
      data-testid="search-page-input"
    />
  );
}

/**
 * Every hit of a keyword (route /item/search?tid&keyword&type&sort&page&trash): filtered by kind, sorted,
 * optionally with the recycle bin, a page at a time. The address holds it all, so back and forward work.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { searchTrash } = usePreferences();
  const view = searchViewOf(params, team?.team_id, searchTrash);
  usePageTitle('search.pageTitle');
  const search = useSearch({
    team_id: view.tid,
    keyword: view.keyword,
    type: view.type,
    sort: view.sort,
    pageNo: view.page,
    trash: view.trash,
  });
  // Any change but the page's own starts at page 1.
  const show = (change: Partial<SearchView>) => navigate(searchPath({ ...view, page: 1, ...change }));
  const answer = search.isPlaceholderData ? undefined : search.data;

  let body = null;
  if (!view.tid) {
    body = <div className="search-palette-hint">{t('search.noTeam')}</div>;
  } else if (!view.keyword.trim()) {
    body = <div className="search-palette-hint">{t('search.typeToSearch')}</div>;
  } else if (search.isError) {
    body = <SearchState kind="error" message={search.error instanceof Error ? search.error.message : ''} />;
  } else if (!answer) {
    body = <Skeleton active paragraph={{ rows: 5 }} data-testid="search-loading" />;
  } else if (!answer.list.length && view.page === 1) {
    body = <SearchState kind="empty" keyword={view.keyword.trim()} />;
  } else {
    body = (
      <>
        <div className="search-page-list" data-testid="search-results">
          {answer.list.map((hit) => (
            <Link
              key={`${hit.kind}:${hit.id}`}
              to={hitPath(hit)}
              className="search-hit"
              data-testid="search-hit"
              data-kind={hit.kind}
            >
              <HitRow hit={hit} />
              <span className="search-page-kind">{t(`search.kind.${hit.kind}`)}</span>
            </Link>
          ))}
        </div>
        <div className="search-page-pager" data-testid="search-pager">
          <Button
            disabled={view.page <= 1}
            onClick={() => show({ page: view.page - 1 })}
            data-testid="search-previous"
          >
            {t('search.previous')}
          </Button>
          <span data-testid="search-page-number">{t('search.page', { page: view.page })}</span>
          <Button
            disabled={!answer.has_next}
            onClick={() => show({ page: view.page + 1 })}
            data-testid="search-next"
          >
            {t('search.next')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="search-page" data-testid="search-page">
      <div className="search-page-head">
        <h1>
          {view.keyword.trim()
            ? t('search.resultsFor', { keyword: view.keyword.trim() })
            : t('search.pageTitle')}
        </h1>
      </div>
      <KeywordField key={view.keyword} keyword={view.keyword} onSubmit={(keyword) => show({ keyword })} />
      <div className="search-page-filters">
        <Tabs
          activeKey={view.type}
          onChange={(type) => show({ type: type as SearchView['type'] })}
          items={SEARCH_TYPES.map((type) => ({
            key: type,
            label: <span data-testid={`search-type-${type}`}>{t(`search.type.${type}`)}</span>,
          }))}
        />
        <div className="search-page-options">
          <span className="search-page-option">
            <Switch
              id="search-trash"
              size="small"
              checked={view.trash}
              onChange={(trash) => {
                // The switch is the user's searchTrash preference: the next search starts the same way.
                writePreferences({ searchTrash: trash });
                show({ trash });
              }}
              data-testid="search-trash"
            />{' '}
            <label htmlFor="search-trash">{t('search.includeTrash')}</label>
          </span>
          <Select<SearchSort>
            value={view.sort}
            onChange={(sort) => show({ sort })}
            aria-label={t('search.sortLabel')}
            style={{ width: 160 }}
            options={SEARCH_SORTS.map((sort) => ({ value: sort, label: t(`search.sort.${sort}`) }))}
            data-testid="search-sort"
          />
        </div>
      </div>
      {body}
    </div>
  );
}
