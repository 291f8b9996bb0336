import { SearchOutlined } from '@ant-design/icons';
import { type SearchHit, SearchLimits } from '@ferry/shared';
import { Button, Input, Modal, Spin } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HitOption } from './HitRow';
import { hitPath, searchPath } from './paths';
import { SearchState } from './SearchState';
import { groupHits, useHitCursor, useTypedSearch } from './useSearch';
import './search.css';

/** The palette asks for a few more hits than the page: it is a glance over every kind at once. */
const PALETTE_SIZE = 20;

export interface SearchPaletteProps {
  open: boolean;
  teamId: string;
  onClose: () => void;
}

/**
 * Global search's palette (⌘K / Ctrl-K, or the header's box; see SearchLauncher): hits as one types, grouped by kind; ↑/↓ move, Enter opens, Esc closes,
 * "See all results" opens the results page.
 */
export function SearchPalette({ open, teamId, onClose }: SearchPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { typed, setTyped, keyword, search, current, stale } = useTypedSearch((keyword) => ({
    team_id: teamId,
    keyword,
    pageSize: PALETTE_SIZE,
  }));
  const groups = current ? groupHits(current.list) : [];
  const hits = groups.flatMap((group) => group.hits);
  const { active, setActive, listRef, move } = useHitCursor(hits.length, current);

  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  const openHit = (hit: SearchHit) => go(hitPath(hit));
  const seeAll = () => go(searchPath({ tid: teamId, keyword: typed.trim() }));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) openHit(hit);
      else if (typed.trim()) seeAll();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const loading = (
    <div className="search-palette-hint" data-testid="search-loading">
      <Spin size="small" /> <span>{t('search.loading')}</span>
    </div>
  );
  let body = null;
  if (!typed.trim()) {
    body = <div className="search-palette-hint">{t('search.typeToSearch')}</div>;
  } else if (search.isError) {
    body = <SearchState kind="error" message={search.error instanceof Error ? search.error.message : ''} />;
  } else if (!current || (stale && !hits.length)) {
    body = loading;
  } else if (!hits.length) {
    body = <SearchState kind="empty" keyword={keyword} />;
  } else {
    let index = 0;
    body = (
      <div
        className={`search-palette-list${stale ? ' search-stale' : ''}`}
        role="listbox"
        ref={listRef}
        data-testid="search-results"
        aria-busy={stale}
      >
        {groups.map((group) => (
          <div key={group.kind} className="search-group" data-testid={`search-group-${group.kind}`}>
            <div className="search-group-heading">{t(`search.type.${group.kind}`)}</div>
            {group.hits.map((hit) => {
              const at = index++;
              return (
                <HitOption
                  key={`${hit.kind}:${hit.id}`}
                  hit={hit}
                  at={at}
                  active={at === active}
                  onHover={setActive}
                  onOpen={openHit}
                />
              );
            })}
          </div>
        ))}
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={640}
      destroyOnHidden
      className="search-palette"
      styles={{ body: { padding: 0 } }}
      style={{ top: 72 }}
      aria-label={t('search.box')}
    >
      <div data-testid="search-palette">
        <div className="search-palette-head">
          <Input
            autoFocus
            size="large"
            variant="borderless"
            prefix={<SearchOutlined />}
            placeholder={t('search.placeholder')}
            value={typed}
            maxLength={SearchLimits.keywordMaxLength}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid="search-palette-input"
            aria-label={t('search.box')}
          />
        </div>
        <div className="search-palette-body">{body}</div>
        <div className="search-palette-footer">
          <span className="search-palette-keys">{t('search.keysHint')}</span>
          <Button
            type="link"
            size="small"
            disabled={!typed.trim()}
            onClick={seeAll}
            data-testid="search-see-all"
          >
            {t('search.seeAll')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
