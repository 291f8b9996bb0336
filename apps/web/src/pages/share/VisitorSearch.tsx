import { SearchOutlined } from '@ant-design/icons';
import { type SearchHit, SearchLimits } from '@ferry/shared';
import { Input, Spin } from 'antd';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HitOption } from '../search/HitRow';
import { SearchState } from '../search/SearchState';
import { useHitCursor, useTypedSearch } from '../search/useSearch';
import type { ShareVisitor } from './visitorContext';
import '../search/search.css';

/** Hits the panel shows: one link's designs, a glance rather than a results page. */
const PANEL_SIZE = 20;

/** A hit's design in the visitor's detail view, with the matched text layer selected. */
export function visitorHitPath(visitor: ShareVisitor, hit: SearchHit): string {
  const path = visitor.detailPath(hit.design_id ?? hit.id);
  return hit.layer_id ? `${path}&${new URLSearchParams({ layer_id: hit.layer_id }).toString()}` : path;
}

/**
 * The share bar's search over the link's designs, by name and by the text inside them (the server keeps a
 * visitor to the link's scope): hits as one types in a panel under the field; ↑/↓ move, Enter opens, Esc closes.
 */
export function VisitorSearch({ visitor }: { visitor: ShareVisitor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const { typed, setTyped, keyword, search, current, stale } = useTypedSearch((keyword) => ({
    team_id: visitor.teamId,
    project_id: visitor.projectId,
    type: 'image',
    keyword,
    pageSize: PANEL_SIZE,
  }));
  const hits = current?.list ?? [];
  const { active, setActive, listRef, move } = useHitCursor(hits.length, current);

  const openHit = (hit: SearchHit) => {
    setOpen(false);
    navigate(visitorHitPath(visitor, hit));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = open && !stale ? hits[active] : undefined;
      if (hit) openHit(hit);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // The first Esc closes the panel, the next clears the field.
      if (open) setOpen(false);
      else setTyped('');
    }
  };

  let body: React.ReactNode = null;
  if (search.isError) {
    body = <SearchState kind="error" message={search.error instanceof Error ? search.error.message : ''} />;
  } else if (!current || (stale && !hits.length)) {
    body = (
      <div className="search-palette-hint" data-testid="search-loading">
        <Spin size="small" /> <span>{t('search.loading')}</span>
      </div>
    );
  } else if (!hits.length) {
    body = <SearchState kind="empty" keyword={keyword} hint={t('shareVisit.searchEmptyHint')} />;
  } else {
    body = (
      <div
        id={listId}
        className={`search-palette-list${stale ? ' search-stale' : ''}`}
        role="listbox"
        ref={listRef}
        data-testid="search-results"
        aria-busy={stale}
      >
        {hits.map((hit, at) => (
          <HitOption
            key={hit.id}
            id={`${listId}-${at}`}
            hit={hit}
            at={at}
            active={at === active}
            inProject
            onHover={setActive}
            onOpen={openHit}
          />
        ))}
      </div>
    );
  }
  const showing = open && !!typed.trim();

  return (
    <div className="visitor-search" data-testid="visitor-search">
      <Input
        allowClear
        className="visitor-search-input"
        prefix={<SearchOutlined />}
        placeholder={t('shareVisit.searchPlaceholder')}
        aria-label={t('shareVisit.searchPlaceholder')}
        role="combobox"
        aria-expanded={showing}
        aria-controls={showing ? listId : undefined}
        aria-activedescendant={showing && hits.length ? `${listId}-${active}` : undefined}
        value={typed}
        maxLength={SearchLimits.keywordMaxLength}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="visitor-search-input"
      />
      {showing ? (
        <div className="visitor-search-panel" data-testid="visitor-search-panel">
          {body}
          <div className="search-palette-footer">
            <span className="search-palette-keys">{t('search.keysHint')}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
