import {
  AppstoreOutlined,
  CommentOutlined,
  FileTextOutlined,
  FolderOutlined,
  PictureOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import type { SearchHit, SearchKind } from '@ferry/shared';
import { Tag } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Marked } from './Marked';

const ICONS: Record<SearchKind, ComponentType> = {
  project: ProjectOutlined,
  folder: FolderOutlined,
  section: AppstoreOutlined,
  image: PictureOutlined,
  product: FileTextOutlined,
  comment: CommentOutlined,
};

/**
 * One hit: its picture or kind's icon, the highlighted title and snippet, its project, the bin tag.
 * `inProject`: every hit is of the one project on screen (a share link's), so its name is left out.
 */
export function HitRow({ hit, inProject = false }: { hit: SearchHit; inProject?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[hit.kind] ?? FileTextOutlined;
  // A project's own name is its title already.
  const project = hit.kind === 'project' || inProject ? null : hit.project_name;
  const meta = [project, hit.author ? t('search.by', { author: hit.author }) : null].filter(Boolean);
  return (
    <>
      <span className="search-hit-thumb" aria-hidden>
        {hit.thumbnail ? <img src={hit.thumbnail} alt="" loading="lazy" /> : <Icon />}
      </span>
      <span className="search-hit-body">
        <span className="search-hit-title" data-testid="search-hit-title">
          <Marked text={hit.title} marks={hit.title_marks} />
          {hit.in_trash ? (
            <Tag className="search-hit-trash" color="orange" data-testid="search-hit-trash">
              {t('search.inTrash')}
            </Tag>
          ) : null}
        </span>
        {hit.snippet ? (
          <span className="search-hit-snippet" data-testid="search-hit-snippet">
            <Marked text={hit.snippet} marks={hit.snippet_marks} />
          </span>
        ) : null}
        {meta.length ? <span className="search-hit-meta">{meta.join(' · ')}</span> : null}
      </span>
    </>
  );
}

export interface HitOptionProps {
  hit: SearchHit;
  /** Its place in the list, and whether the cursor is on it. */
  at: number;
  active: boolean;
  id?: string;
  inProject?: boolean;
  onHover: (at: number) => void;
  onOpen: (hit: SearchHit) => void;
}

/** A hit as a listbox option: the pointer moves the cursor onto it, a click or Enter opens it. */
export function HitOption({ hit, at, active, id, inProject, onHover, onOpen }: HitOptionProps) {
  return (
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      className="search-hit"
      data-index={at}
      data-testid="search-hit"
      data-kind={hit.kind}
      onMouseMove={() => onHover(at)}
      // Keeps the focus in the search field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onOpen(hit)}
      onKeyDown={(event) => event.key === 'Enter' && onOpen(hit)}
    >
      <HitRow hit={hit} inProject={inProject} />
    </div>
  );
}
