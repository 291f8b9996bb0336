import type { StageImage } from '@ferry/shared';
import { App } from 'antd';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionView, StageOrder } from '../../api/designs';
import { OnceOpened } from '../../components/OnceOpened';
import { type ShareTarget, selectionTarget } from '../share-manage';
import type { CardHandlers, CardMenuAction } from './DesignCard';
import { ProjectPickerDialog } from './ProjectPickerDialog';
import type { SectionMenuAction } from './SectionHeader';
import { type SelectionAction, SelectionBar } from './SelectionBar';
import { StageGrid } from './StageGrid';
import { DESIGN_NAME_MAX, SECTION_NAME_MAX, StageNameDialog } from './StageNameDialog';
import { boxSelect, clickSelect, EMPTY_SELECTION, keepOnly, type Selection } from './selection';
import {
  arrangeSections,
  buildRows,
  gridFor,
  recentIds,
  type StageFilter,
  type StageSection,
  visibleOrder,
} from './stageModel';
import { useBoxSelect } from './useBoxSelect';
import { useDesignDrag } from './useDesignDrag';
import { useElementWidth } from './useElementWidth';
import { useStableHandlers } from './useStableHandlers';
import type { StageActions } from './useStageActions';

/** The name dialog's purpose: rename a design or a section, or a new section (from the selection, or nested). */
type NameTask =
  | { kind: 'rename-design'; id: string; name: string }
  | { kind: 'rename-section'; id: string; name: string }
  | { kind: 'new-section'; imageIds: string[]; parentId?: string };

/** The stage's body: the virtual grid of sections and cards, selection (click, keys, box), drag, and the actions. */
export function StageBoard({
  teamId,
  projectId,
  images,
  sectors,
  canEdit,
  filter,
  order,
  scale,
  actions,
  onOpen,
  onVersions,
  newSectionRequests,
  onShare,
  readOnly = false,
}: {
  teamId: string;
  projectId: string;
  images: StageImage[];
  sectors: SectionView[] | undefined;
  canEdit: boolean;
  filter: StageFilter;
  order: StageOrder;
  scale: number;
  actions: StageActions;
  /** `compare`: the detail view in compare mode (a card's "Updated" badge). */
  onOpen: (imageId: string, mode?: 'compare') => void;
  onVersions: (imageId: string) => void;
  /** Counts the toolbar's "new section" clicks: each one opens the name dialog. */
  newSectionRequests: number;
  /** Editors only: share the selection or a section. */
  onShare: ((target: ShareTarget) => void) | null;
  /** A share link's visitor: designs open, and nothing is done to them (no menus, no selection actions). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const width = useElementWidth(scrollRef);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [nameTask, setNameTask] = useState<NameTask | null>(null);
  const [transfer, setTransfer] = useState<'copy' | 'move' | null>(null);

  const byId = useMemo(() => new Map(images.map((image) => [image.id, image])), [images]);
  const now = useMemo(() => new Date(), [images]);
  const recent = useMemo(() => recentIds(images, now), [images, now]);
  const sections = useMemo(
    () => arrangeSections(sectors, images, { filter, order, now, ungroupedName: t('stage.ungrouped') }),
    [sectors, images, filter, order, now, t],
  );
  // The grid's side padding (24 px each side) is not room for cards.
  const { columns, card } = gridFor(Math.max(0, width - 48), scale);
  const rows = useMemo(() => buildRows(sections, columns, collapsed), [sections, columns, collapsed]);
  const ordered = useMemo(() => visibleOrder(rows), [rows]);
  const sectionOfImage = useMemo(() => {
    const map = new Map<string, string>();
    for (const section of sections) for (const id of section.imageIds) map.set(id, section.id);
    return map;
  }, [sections]);

  useEffect(() => {
    if (newSectionRequests > 0) setNameTask({ kind: 'new-section', imageIds: [] });
  }, [newSectionRequests]);

  // Designs that left the stage (deleted, moved away, filtered out) leave the selection.
  useEffect(() => setSelection((current) => keepOnly(current, new Set(ordered))), [ordered]);

  const selectedIds = () => ordered.filter((id) => selection.ids.has(id));
  const drag = useDesignDrag({
    canEdit,
    dragged: (id) => (selection.ids.has(id) ? selectedIds() : [id]),
    sectionOf: (id) => sectionOfImage.get(id),
    place: (ids, target) => void actions.quietly(actions.place(ids, target)),
    hold: actions.hold,
  });
  const box = useBoxSelect(
    scrollRef,
    (hits, additive) => setSelection((current) => boxSelect(current, hits, additive)),
    () => setSelection(EMPTY_SELECTION),
  );

  const confirmDelete = (ids: string[]) => {
    if (!canEdit || ids.length === 0) return;
    modal.confirm({
      title: t('stage.deleteConfirmTitle', { count: ids.length }),
      content: t('stage.deleteConfirmText'),
      okText: t('stage.selection.delete'),
      okButtonProps: { danger: true, 'data-testid': 'stage-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => actions.quietly(actions.remove(ids)),
    });
  };

  const cardHandlers = useStableHandlers<CardHandlers>({
    onSelect: (id: string, event: MouseEvent) =>
      setSelection((current) =>
        clickSelect(current, id, { range: event.shiftKey, toggle: event.metaKey || event.ctrlKey }, ordered),
      ),
    onOpen,
    onMenu: (id: string, action: CardMenuAction) => {
      if (action === 'open') onOpen(id);
      else if (action === 'compare') onOpen(id, 'compare');
      else if (action === 'versions') onVersions(id);
      else if (action === 'rename')
        setNameTask({ kind: 'rename-design', id, name: byId.get(id)?.name ?? '' });
      else if (action === 'delete') confirmDelete([id]);
    },
    onDragStart: drag.onDragStart,
    onDragEnd: drag.onDragEnd,
    onDragOverCard: drag.onDragOverCard,
    onDropOnCard: drag.onDropOnCard,
  });

  const onSectionMenu = (section: StageSection, action: SectionMenuAction) => {
    if (action === 'rename') setNameTask({ kind: 'rename-section', id: section.id, name: section.name });
    else if (action === 'add-child') setNameTask({ kind: 'new-section', imageIds: [], parentId: section.id });
    else if (action === 'up' || action === 'down')
      void actions.quietly(actions.moveSection(section, action === 'up' ? -1 : 1));
    else if (action === 'share')
      onShare?.({ kind: 'sections', teamId, projectId, sectionIds: [section.id], name: section.name });
    else if (action === 'delete')
      modal.confirm({
        title: t('stage.section.deleteTitle', { name: section.name }),
        content: t('stage.section.deleteText'),
        okText: t('stage.section.delete'),
        okButtonProps: { danger: true, 'data-testid': 'section-delete-confirm' },
        cancelText: t('common.cancel'),
        onOk: () => actions.quietly(actions.deleteSection(section.id)),
      });
  };

  const onSelectionAction = (action: SelectionAction) => {
    const ids = selectedIds();
    if (action === 'clear') setSelection(EMPTY_SELECTION);
    else if (action === 'rename' && ids.length === 1)
      setNameTask({ kind: 'rename-design', id: ids[0], name: byId.get(ids[0])?.name ?? '' });
    else if (action === 'new-section') setNameTask({ kind: 'new-section', imageIds: ids });
    else if (action === 'copy' || action === 'move') setTransfer(action);
    else if (action === 'share' && ids.length > 0)
      onShare?.(
        selectionTarget(
          teamId,
          projectId,
          ids.map((id) => ({ id, name: byId.get(id)?.name ?? '' })),
        ),
      );
    else if (action === 'delete') confirmDelete(ids);
  };

  const submitName = (name: string) => {
    if (!nameTask) return Promise.resolve();
    if (nameTask.kind === 'rename-design') return actions.rename(nameTask.id, name);
    if (nameTask.kind === 'rename-section') return actions.renameSection(nameTask.id, name);
    return actions.createSection({
      ...(name ? { name } : {}),
      ...(nameTask.imageIds.length > 0 ? { image_ids: nameTask.imageIds } : {}),
      ...(nameTask.parentId ? { parent_id: nameTask.parentId } : {}),
    });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if ((event.target as HTMLElement).closest('input, textarea')) return;
    if (event.key === 'Escape') setSelection(EMPTY_SELECTION);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && selection.ids.size > 0)
      confirmDelete(selectedIds());
    else if (event.key.toLowerCase() === 'a' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      setSelection({ ids: new Set(ordered), anchor: ordered[0] ?? null });
    }
  };

  const toggleSection = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div
        ref={scrollRef}
        className="stage-scroll"
        role="listbox"
        aria-multiselectable
        tabIndex={-1}
        data-testid="stage-scroll"
        onMouseDown={box.onMouseDown}
        onKeyDown={onKeyDown}
      >
        {sections.length === 0 ? (
          <div className="stage-no-match" data-testid="stage-no-match">
            {t('stage.noMatch')}
          </div>
        ) : null}
        <StageGrid
          scrollRef={scrollRef}
          rows={rows}
          images={byId}
          card={card}
          selection={selection}
          recent={recent}
          canEdit={canEdit}
          readOnly={readOnly}
          collapsed={collapsed}
          dropTarget={drag.dropTarget}
          cardHandlers={cardHandlers}
          onToggleSection={toggleSection}
          onSectionMenu={onSectionMenu}
          onSectionDragOver={drag.onSectionDragOver}
          onSectionDrop={drag.onSectionDrop}
        />
      </div>
      {box.box ? (
        <div
          className="stage-box"
          data-testid="stage-box"
          style={{
            left: box.box.left,
            top: box.box.top,
            width: box.box.right - box.box.left,
            height: box.box.bottom - box.box.top,
          }}
        />
      ) : null}
      <SelectionBar
        count={readOnly ? 0 : selection.ids.size}
        canEdit={canEdit}
        sections={sections}
        onAction={onSelectionAction}
        onMoveToSection={(sectionId) => void actions.quietly(actions.place(selectedIds(), { sectionId }))}
      />
      {/* Dialogs mount when first opened: the stage's first frame has only the cards to render. */}
      <OnceOpened open={nameTask !== null}>
        <StageNameDialog
          open={nameTask !== null}
          title={t(`stage.nameDialog.${nameTask?.kind ?? 'rename-design'}`)}
          initialName={nameTask && nameTask.kind !== 'new-section' ? nameTask.name : ''}
          placeholder={nameTask?.kind === 'new-section' ? t('stage.section.defaultName') : undefined}
          maxLength={nameTask?.kind === 'rename-design' ? DESIGN_NAME_MAX : SECTION_NAME_MAX}
          allowEmpty={nameTask?.kind === 'new-section'}
          onSubmit={submitName}
          onClose={() => setNameTask(null)}
        />
      </OnceOpened>
      <OnceOpened open={transfer !== null}>
        <ProjectPickerDialog
          mode={transfer}
          teamId={teamId}
          projectId={projectId}
          imageIds={selectedIds()}
          nameOf={(id) => byId.get(id)?.name ?? id}
          onSubmit={(mode, target) => actions.transfer(mode, target, selectedIds())}
          onClose={() => setTransfer(null)}
        />
      </OnceOpened>
    </>
  );
}
