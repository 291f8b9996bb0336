import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { DesignLimits } from '@ferry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Empty, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeletedImage, designDetailApi } from '../../../api/designDetail';
import { isApiError } from '../../../api/errors';
import { useLang } from '../../../components/hooks';
import { timeAgo } from '../../../components/time';
import { recycleBinKey, stageImagesKey, stageSectorsKey } from '../paths';
import { useCanEdit } from '../versions/useCanEdit';
import { useMemberNames } from './useMemberNames';
import '../thumb.css';
import './trash.css';

/** Fewer days left than this shows the countdown in red. */
const SOON_DAYS = 3;

/**
 * The project's recycle bin (spec 001 §4): deleted designs stay 30 days; pick some and recover them, with
 * their sections, back onto the stage.
 */
export function RecycleBinDrawer({
  teamId,
  projectId,
  open,
  onClose,
}: {
  teamId: string;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const ref = { team_id: teamId, project_id: projectId };
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bin = useQuery({
    queryKey: recycleBinKey(teamId, projectId),
    queryFn: () => designDetailApi.recycleBin(ref),
    enabled: open,
    staleTime: 0,
  });
  const names = useMemberNames(teamId, projectId, open);
  const canEdit = useCanEdit(teamId, projectId);
  const images = bin.data?.images ?? [];
  const chosen = images.filter((image) => selected.has(image.id));

  const recover = useMutation({
    mutationFn: (ids: string[]) => designDetailApi.recover(ref, ids),
    onSuccess: (_answer, ids) => {
      void message.success(t('recycleBin.recovered', { count: ids.length }));
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: recycleBinKey(teamId, projectId) });
      void client.invalidateQueries({ queryKey: stageImagesKey(teamId, projectId) });
      void client.invalidateQueries({ queryKey: stageSectorsKey(teamId, projectId) });
    },
    onError: (error) => {
      if (isApiError(error) && !error.handled) void message.error(error.message);
    },
  });

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allChosen = images.length > 0 && chosen.length === images.length;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={440}
      title={
        <div className="trash-title">
          <span>{t('recycleBin.title')}</span>
          <span className="trash-subtitle">
            {t('recycleBin.keepDays', { days: DesignLimits.recycleBinDays })}
          </span>
        </div>
      }
      classNames={{ body: 'trash-body' }}
      footer={
        images.length > 0 && canEdit ? (
          <div className="trash-footer">
            <Checkbox
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(images.map((image) => image.id)))}
              data-testid="recycle-bin-select-all"
            >
              {t('recycleBin.selectAll')}
            </Checkbox>
            <Button
              type="primary"
              icon={<UndoOutlined />}
              disabled={chosen.length === 0}
              loading={recover.isPending}
              onClick={() => recover.mutate(chosen.map((image) => image.id))}
              data-testid="recycle-bin-recover"
            >
              {chosen.length > 0
                ? t('recycleBin.recoverCount', { count: chosen.length })
                : t('recycleBin.recover')}
            </Button>
          </div>
        ) : null
      }
    >
      <div data-testid="recycle-bin">
        {bin.isLoading ? (
          <div className="trash-loading">
            <Spin />
          </div>
        ) : images.length === 0 ? (
          <Empty
            className="trash-empty"
            image={<DeleteOutlined className="trash-empty-icon" />}
            description={
              <div data-testid="recycle-bin-empty">
                <strong>{t('recycleBin.emptyTitle')}</strong>
                <p>{t('recycleBin.emptyHint', { days: DesignLimits.recycleBinDays })}</p>
              </div>
            }
          />
        ) : (
          <ul className="trash-list">
            {images.map((image) => (
              <DeletedRow
                key={image.id}
                image={image}
                checked={selected.has(image.id)}
                selectable={canEdit}
                onToggle={() => toggle(image.id)}
                deletedBy={(image.deleted_by && names.get(image.deleted_by)) || t('recycleBin.someone')}
                deletedAgo={timeAgo(image.deleted_time, lang)}
              />
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  );
}

function DeletedRow({
  image,
  checked,
  selectable,
  onToggle,
  deletedBy,
  deletedAgo,
}: {
  image: DeletedImage;
  checked: boolean;
  /** Viewers see the bin without choosing: only editors recover. */
  selectable: boolean;
  onToggle: () => void;
  deletedBy: string;
  deletedAgo: string;
}) {
  const { t } = useTranslation();
  const thumbnail = image.urls.p25 || image.urls.cover || image.url;
  const content = (
    <>
      <span className="drawer-thumb trash-thumb">
        {thumbnail ? <img src={thumbnail} alt="" loading="lazy" /> : null}
      </span>
      <span className="trash-main">
        <span className="trash-name" title={image.name}>
          {image.name}
        </span>
        <span className="trash-meta">{t('recycleBin.deletedBy', { name: deletedBy, time: deletedAgo })}</span>
      </span>
      <Tag
        color={image.left_days <= SOON_DAYS ? 'red' : 'default'}
        className="trash-left"
        data-testid="recycle-bin-left"
      >
        {t('recycleBin.daysLeft', { count: image.left_days })}
      </Tag>
    </>
  );
  return (
    <li data-testid="recycle-bin-row" data-name={image.name} data-checked={checked ? 'true' : 'false'}>
      {/* The whole row is the checkbox's label: a click anywhere on it selects the design. */}
      {selectable ? (
        <Checkbox
          className={`trash-row${checked ? ' is-checked' : ''}`}
          checked={checked}
          onChange={onToggle}
        >
          {content}
        </Checkbox>
      ) : (
        <div className="trash-row is-static">{content}</div>
      )}
    </li>
  );
}
