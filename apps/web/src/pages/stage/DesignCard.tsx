import {
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  ExportOutlined,
  HistoryOutlined,
  LoadingOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import type { StageImage } from '@ferry/shared';
import { Dropdown, type MenuProps, Tooltip } from 'antd';
import { type DragEvent, type MouseEvent, memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeWording } from '../../api/errors';
import { useLang } from '../../components/hooks';
import { cardThumbnail } from './stageModel';

/** `compare` comes from the "Updated" badge, not the menu. */
export type CardMenuAction = 'open' | 'versions' | 'rename' | 'delete' | 'compare';
export type DropSide = 'before' | 'after';

export interface CardHandlers {
  onSelect: (id: string, event: MouseEvent) => void;
  onOpen: (id: string) => void;
  onMenu: (id: string, action: CardMenuAction) => void;
  onDragStart: (id: string, event: DragEvent) => void;
  onDragEnd: () => void;
  /** Answers whether something droppable hovers; `side` says where it would land. */
  onDragOverCard: (id: string, side: DropSide, event: DragEvent) => void;
  onDropOnCard: (id: string, side: DropSide, event: DragEvent) => void;
}

function sideOf(event: DragEvent): DropSide {
  const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
  return event.clientX < box.left + box.width / 2 ? 'before' : 'after';
}

/**
 * A card's "…" menu. The dropdown (its popup machinery and items) mounts on the first click only: a stage shows
 * dozens of cards at once and most menus are never opened.
 */
function CardMenu({
  id,
  canEdit,
  onMenu,
}: {
  id: string;
  canEdit: boolean;
  onMenu: (id: string, action: CardMenuAction) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<boolean | null>(null);
  const button = (
    <button
      type="button"
      className="stage-card-menu"
      aria-label={t('stage.card.actions')}
      data-testid="design-actions"
      onClick={(event) => {
        event.stopPropagation();
        if (open === null) setOpen(true);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <MoreOutlined />
    </button>
  );
  if (open === null) return button;
  const items: MenuProps['items'] = [
    {
      key: 'open',
      icon: <ExportOutlined />,
      label: <span data-testid="design-action-open">{t('stage.card.open')}</span>,
    },
    {
      key: 'versions',
      icon: <HistoryOutlined />,
      label: <span data-testid="design-action-versions">{t('stage.card.versions')}</span>,
    },
    ...(canEdit
      ? [
          {
            key: 'rename',
            icon: <EditOutlined />,
            label: <span data-testid="design-action-rename">{t('stage.card.rename')}</span>,
          },
          { type: 'divider' as const },
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            label: <span data-testid="design-action-delete">{t('stage.card.delete')}</span>,
            danger: true,
          },
        ]
      : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          setOpen(false);
          onMenu(id, key as CardMenuAction);
        },
      }}
    >
      {button}
    </Dropdown>
  );
}

/** One design on the stage: thumbnail (or its processing / failed state), name, version count, "new" marker. */
export const DesignCard = memo(function DesignCard({
  image,
  width,
  thumbHeight,
  selected,
  isNew,
  showName,
  canEdit,
  readOnly,
  dropSide,
  handlers,
}: {
  image: StageImage;
  width: number;
  thumbHeight: number;
  selected: boolean;
  isNew: boolean;
  /** The user's stageNames preference: the name under the thumbnail (it stays the card's tooltip). */
  showName: boolean;
  canEdit: boolean;
  /** A share link's visitor has nothing to do with a design but open it: no menu. */
  readOnly: boolean;
  dropSide: DropSide | null;
  handlers: CardHandlers;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const picture = cardThumbnail(image, { width, height: thumbHeight });
  const classes = ['stage-card'];
  if (selected) classes.push('is-selected');
  if (dropSide) classes.push(`drop-${dropSide}`);

  const failReason = image.status === 'failed' ? codeWording(image.fail_code, lang) : '';
  let thumb: ReactNode;
  if (image.status === 'processing')
    thumb = (
      <div className="stage-card-state" data-testid="design-processing">
        <LoadingOutlined />
        <span>{t('stage.card.processing')}</span>
      </div>
    );
  else if (image.status === 'failed' || !picture.src)
    thumb = (
      <div className="stage-card-state is-failed" data-testid="design-failed">
        <ExclamationCircleOutlined />
        <span>{t('stage.card.failed')}</span>
        {failReason ? (
          <span className="stage-card-reason" data-testid="design-failed-reason">
            {failReason}
          </span>
        ) : null}
      </div>
    );
  // Not lazy: the virtual grid already mounts only the rows near the viewport, and a lazy picture waits for
  // layout before it is even requested.
  else thumb = <img {...picture} alt="" decoding="async" draggable={false} />;

  return (
    <div
      className={classes.join(' ')}
      style={{ width }}
      role="option"
      aria-selected={selected}
      tabIndex={0}
      data-testid="design-card"
      data-design-id={image.id}
      data-design-name={image.name}
      title={showName ? undefined : image.name}
      draggable={canEdit}
      onClick={(event) => handlers.onSelect(image.id, event)}
      onDoubleClick={() => handlers.onOpen(image.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') handlers.onOpen(image.id);
      }}
      onDragStart={(event) => handlers.onDragStart(image.id, event)}
      onDragEnd={handlers.onDragEnd}
      onDragOver={(event) => handlers.onDragOverCard(image.id, sideOf(event), event)}
      onDrop={(event) => handlers.onDropOnCard(image.id, sideOf(event), event)}
    >
      <div className="stage-card-thumb" style={{ height: thumbHeight }}>
        {thumb}
        {isNew ? (
          <span className="stage-card-new" data-testid="design-new">
            {t('stage.card.new')}
          </span>
        ) : null}
        {image.changed_since_inspected && !readOnly ? (
          <Tooltip title={t('compare.badgeHint')}>
            <button
              type="button"
              className="stage-card-updated"
              data-testid="design-updated"
              onClick={(event) => {
                event.stopPropagation();
                handlers.onMenu(image.id, 'compare');
              }}
              onDoubleClick={(event) => event.stopPropagation()}
            >
              {t('compare.badge')}
            </button>
          </Tooltip>
        ) : null}
        {image.version_count > 1 ? (
          <span className="stage-card-versions" data-testid="design-version-count">
            <HistoryOutlined /> {image.version_count}
          </span>
        ) : null}
        {readOnly ? null : <CardMenu id={image.id} canEdit={canEdit} onMenu={handlers.onMenu} />}
      </div>
      <div className="stage-card-caption">
        {showName ? (
          <div className="stage-card-name" title={image.name} data-testid="design-name">
            {image.name}
          </div>
        ) : null}
        <div className="stage-card-meta">
          {image.width && image.height ? `${image.width} × ${image.height}` : '—'}
          <span>{t('stage.card.versionCount', { count: image.version_count || 1 })}</span>
        </div>
      </div>
    </div>
  );
});
