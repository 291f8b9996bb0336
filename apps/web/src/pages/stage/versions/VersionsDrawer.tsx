import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { VersionView } from '@ferry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Progress, Spin, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { designDetailApi } from '../../../api/designDetail';
import { codeWording, isApiError } from '../../../api/errors';
import { useLang } from '../../../components/hooks';
import { formatTime, timeAgo } from '../../../components/time';
import { imageDetailKey, recycleBinKey, stageImagesKey, stageSectorsKey } from '../paths';
import { DESIGN_FILE_ACCEPT, useUploadItems } from '../upload/context';
import { formatBytes } from '../upload/format';
import { uploadQueueOf } from '../upload/registry';
import { useCanEdit } from './useCanEdit';
import { useImageDetail } from './useImageDetail';
import '../thumb.css';
import './versions.css';

/**
 * The versions of one design (issue 5 "Versions"): uploader, time, size and dimensions of each, the current
 * one marked; make another current, download the original (when the download setting allows), delete one
 * (the only one deletes the design), or upload a new version through the project's upload queue.
 */
export function VersionsDrawer({
  teamId,
  projectId,
  imageId,
  open,
  onClose,
}: {
  teamId: string;
  projectId: string;
  imageId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const ref = { team_id: teamId, project_id: projectId };
  const detail = useImageDetail(teamId, projectId, imageId, open);
  const canEdit = useCanEdit(teamId, projectId);
  const image = detail.data;
  const versions = image?.versions ?? [];
  const picker = useRef<HTMLInputElement>(null);
  const queue = uploadQueueOf(teamId, projectId);
  const uploads = useUploadItems(queue).filter(
    (item) => item.target.kind === 'version' && item.target.imageId === imageId && item.status !== 'done',
  );

  const refresh = () => {
    void client.invalidateQueries({ queryKey: imageDetailKey(teamId, projectId, imageId) });
    void client.invalidateQueries({ queryKey: stageImagesKey(teamId, projectId) });
  };
  const onError = (error: unknown) => {
    if (isApiError(error) && !error.handled) void message.error(error.message);
  };

  const makeCurrent = useMutation({
    mutationFn: (version: VersionView) => designDetailApi.switchVersion(ref, imageId, version.id),
    onSuccess: (_image, version) => {
      void message.success(t('versions.switched', { version: version.version_info }));
      refresh();
    },
    onError,
  });

  const remove = useMutation({
    mutationFn: (version: VersionView) => designDetailApi.deleteVersion(ref, imageId, version.id),
    onSuccess: (answer) => {
      refresh();
      if (answer.image_deleted) {
        void client.invalidateQueries({ queryKey: stageSectorsKey(teamId, projectId) });
        void client.invalidateQueries({ queryKey: recycleBinKey(teamId, projectId) });
        void message.success(t('versions.designDeleted'));
        onClose();
      } else {
        void message.success(t('versions.deleted'));
      }
    },
    onError,
  });

  const confirmDelete = (version: VersionView) => {
    const only = versions.length === 1;
    modal.confirm({
      title: t('versions.deleteTitle', { version: version.version_info }),
      content: only
        ? t('versions.deleteOnly', { name: image?.name ?? '' })
        : t('versions.deleteOne', { version: version.version_info }),
      okText: only ? t('versions.deleteDesign') : t('versions.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'version-delete-confirm' } },
      cancelText: t('versions.cancel'),
      onOk: () => remove.mutateAsync(version),
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={460}
      classNames={{ body: 'versions-body' }}
      title={
        <div className="versions-title">
          <span>{t('versions.title')}</span>
          <span className="versions-subtitle" title={image?.name}>
            {image ? t('versions.subtitle', { name: image.name, count: versions.length }) : ''}
          </span>
        </div>
      }
      extra={
        canEdit ? (
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => picker.current?.click()}
            data-testid="version-upload"
          >
            {t('versions.upload')}
          </Button>
        ) : null
      }
    >
      <div data-testid="versions-drawer">
        <input
          ref={picker}
          type="file"
          hidden
          accept={DESIGN_FILE_ACCEPT}
          data-testid="version-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) queue.add([file], { kind: 'version', imageId });
          }}
        />
        {uploads.map((item) => (
          <div key={item.id} className={`versions-upload is-${item.status}`} data-testid="version-upload-row">
            <div className="versions-upload-line">
              <span className="versions-upload-name">{item.name}</span>
              <span>
                {item.status === 'uploading'
                  ? `${Math.floor((item.loaded / Math.max(item.size, 1)) * 100)}%`
                  : t(`upload.${item.status === 'failed' ? 'refused' : item.status}`)}
              </span>
            </div>
            {item.status === 'uploading' ? (
              <Progress
                percent={Math.floor((item.loaded / Math.max(item.size, 1)) * 100)}
                showInfo={false}
                size={{ height: 4 }}
              />
            ) : null}
            {item.message ? <div className="versions-upload-message">{item.message}</div> : null}
          </div>
        ))}
        {detail.isLoading ? (
          <div className="versions-loading">
            <Spin />
          </div>
        ) : detail.error ? (
          <div className="versions-error">{(detail.error as Error).message}</div>
        ) : (
          <ol className="versions-list">
            {versions.map((version) => (
              <VersionRow
                key={version.id}
                version={version}
                canEdit={canEdit}
                onMakeCurrent={() => makeCurrent.mutate(version)}
                switching={makeCurrent.isPending && makeCurrent.variables?.id === version.id}
                onDelete={() => confirmDelete(version)}
              />
            ))}
          </ol>
        )}
      </div>
    </Drawer>
  );
}

function VersionRow({
  version,
  canEdit,
  onMakeCurrent,
  switching,
  onDelete,
}: {
  version: VersionView;
  canEdit: boolean;
  onMakeCurrent: () => void;
  switching: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const thumbnail = version.urls.p25 || version.urls.cover || version.url;
  return (
    <li
      className={`versions-row${version.current ? ' is-current' : ''}`}
      data-testid="version-row"
      data-version={version.version_info}
      data-current={version.current ? 'true' : 'false'}
    >
      <div className="drawer-thumb versions-thumb">
        {version.status === 'ready' && thumbnail ? <img src={thumbnail} alt="" loading="lazy" /> : null}
        {version.status === 'processing' ? <Spin size="small" /> : null}
      </div>
      <div className="versions-main">
        <div className="versions-line">
          <strong className="versions-label">{version.version_info}</strong>
          {version.current ? (
            <Tag color="blue" className="versions-current" data-testid="version-current">
              {t('versions.current')}
            </Tag>
          ) : null}
          {version.status === 'failed' ? (
            <Tooltip title={codeWording(version.fail_code, lang)}>
              <Tag color="red" data-testid="version-failed">
                {t('versions.failed')}
              </Tag>
            </Tooltip>
          ) : null}
        </div>
        <div className="versions-meta">
          <span>{version.editor_info.name || t('versions.someone')}</span>
          <Tooltip title={formatTime(version.create_time, lang)}>
            <span>{timeAgo(version.create_time, lang)}</span>
          </Tooltip>
        </div>
        <div className="versions-meta">
          {version.status === 'processing' ? (
            <span>{t('versions.processing')}</span>
          ) : (
            <>
              <span>{formatBytes(version.size)}</span>
              {version.width && version.height ? (
                <span data-testid="version-dimensions">
                  {version.width} × {version.height} px
                </span>
              ) : null}
            </>
          )}
        </div>
      </div>
      <div className="versions-actions">
        {version.current || !canEdit ? null : (
          <Button size="small" onClick={onMakeCurrent} loading={switching} data-testid="version-make-current">
            {t('versions.makeCurrent')}
          </Button>
        )}
        {version.download_url ? (
          <Tooltip title={t('versions.download')}>
            <Button
              size="small"
              type="text"
              icon={<DownloadOutlined />}
              href={version.download_url}
              download
              aria-label={t('versions.download')}
              data-testid="version-download"
            />
          </Tooltip>
        ) : null}
        {canEdit ? (
          <Tooltip title={t('versions.delete')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={onDelete}
              aria-label={t('versions.delete')}
              data-testid="version-delete"
            />
          </Tooltip>
        ) : null}
      </div>
    </li>
  );
}
