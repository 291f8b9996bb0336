import { DownloadOutlined } from '@ant-design/icons';
import type { DocumentDetail, Lang } from '@ferry/shared';
import { Button, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDate } from '../../../components/time';

const STATUS_COLOURS = {
  processing: 'processing',
  ready: 'success',
  failed: 'error',
  unavailable: 'default',
} as const;

/** The original file as an attachment, when the project's download rule allows it. */
export function DownloadButton({ url, primary }: { url: string | null; primary?: boolean }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <Button
      href={url}
      download
      type={primary ? 'primary' : 'default'}
      icon={<DownloadOutlined />}
      data-testid="doc-download"
    >
      {t('productViewer.download')}
    </Button>
  );
}

/**
 * The viewer's bar: the document's name, the version shown ("v2 · date · creator", its state when not ready),
 * the tools of the view below it (`tools`), and the download.
 */
export function ViewerHeader({
  detail,
  onVersion,
  tools,
}: {
  detail: DocumentDetail;
  onVersion: (versionId: string) => void;
  tools?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="doc-viewer-header">
      <strong className="doc-viewer-name" title={detail.document.name} data-testid="doc-name">
        {detail.document.name}
      </strong>
      <Select
        className="doc-viewer-version"
        size="small"
        aria-label={t('productViewer.version')}
        value={detail.version_id}
        onChange={onVersion}
        popupMatchSelectWidth={false}
        data-testid="doc-version"
        options={versions.map((version) => ({
          value: version.id,
          label: (
            <span className="doc-version-option" data-testid={`doc-version-${version.version}`}>
              {t('productViewer.versionLabel', {
                version: version.version,
                date: shortDate(version.create_time, lang),
                creator: version.creator.name,
              })}
              {version.status === 'ready' ? null : (
                <Tag color={STATUS_COLOURS[version.status]} variant="filled">
                  {t(`productViewer.status.${version.status}`)}
                </Tag>
              )}
            </span>
          ),
        }))}
      />
      <span className="doc-viewer-tools">{tools}</span>
      <DownloadButton url={detail.download_url} />
    </div>
  );
}
