import { ExclamationCircleOutlined, FileOutlined, WarningOutlined } from '@ant-design/icons';
import type { DocumentDetail, Lang } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DocumentScope, documentKeys, documentsApi } from '../../../api/documents';
import { codeWording } from '../../../api/errors';
import { AxureView } from './AxureView';
import { PagesView } from './PagesView';
import { DownloadButton, ViewerHeader } from './ViewerHeader';
import './viewer.css';

/** While a version converts, it is read again this often (the `changed` frame usually comes first). */
const PROCESSING_REFRESH_MS = 5000;

/** What shows in place of the pages: an icon, a title, a line of explanation, maybe the download. */
function ViewerState({
  kind,
  icon,
  title,
  hint,
  action,
}: {
  kind: string;
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className={`doc-viewer-state is-${kind}`} data-testid={`doc-state-${kind}`}>
      <span className="doc-viewer-state-icon">{icon}</span>
      <strong>{title}</strong>
      {hint ? <span>{hint}</span> : null}
      {action}
    </div>
  );
}

/**
 * A product document in the project page: the shown version's pages (PDF and Office), or the Axure export's
 * pages, with the version switch and the download. A version still converting, failed or without a preview on
 * this server shows why in place of the pages; so does a refusal of the server (in its words).
 */
export function DocumentViewer({
  scope,
  docId,
  versionId,
  pageId,
  commentId,
  onNavigate,
}: {
  scope: DocumentScope;
  docId: string;
  versionId?: string;
  pageId?: number;
  /** A deep link to a comment: the comments panel opens on its thread. */
  commentId?: string;
  onNavigate: (change: { versionId?: string; pageId?: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({
    queryKey: documentKeys.detail(scope.team_id, scope.project_id, docId, versionId),
    queryFn: () => documentsApi.detail(scope, docId, versionId),
    refetchInterval: (query) =>
      query.state.data && shownVersion(query.state.data)?.status === 'processing'
        ? PROCESSING_REFRESH_MS
        : false,
  });
  const onVersion = (id: string) => onNavigate({ versionId: id });

  let body: ReactNode;
  if (detail.isPending) {
    body = <ViewerState kind="loading" icon={<Spin size="large" />} title={t('productViewer.loading')} />;
  } else if (detail.isError) {
    body = (
      <ViewerState
        kind="error"
        icon={<ExclamationCircleOutlined />}
        title={t('productViewer.errorTitle')}
        hint={detail.error.message}
      />
    );
  } else {
    const data = detail.data;
    const version = shownVersion(data);
    const status = version?.status ?? data.document.status;
    if (status === 'ready' && data.document.kind === 'axure' && data.axure) {
      return (
        <section className="doc-viewer" data-testid="doc-viewer">
          <AxureView detail={data} pageId={pageId} onNavigate={onNavigate} onVersion={onVersion} />
        </section>
      );
    }
    // While a long document converts, the pages drawn so far are read already.
    if ((status === 'ready' || status === 'processing') && data.pages.length) {
      return (
        <section className="doc-viewer" data-testid="doc-viewer">
          {status === 'processing' ? (
            <div className="doc-converting" data-testid="doc-converting">
              <Spin size="small" /> {t('productViewer.convertingMore', { count: data.pages.length })}
            </div>
          ) : null}
          <PagesView
            key={data.version_id}
            scope={scope}
            detail={data}
            commentId={commentId}
            pageId={pageId}
            onNavigate={onNavigate}
            onVersion={onVersion}
          />
        </section>
      );
    }
    const download = <DownloadButton url={data.download_url} primary />;
    const state =
      status === 'processing' ? (
        <ViewerState
          kind="processing"
          icon={<Spin size="large" />}
          title={t('productViewer.processingTitle')}
          hint={t('productViewer.processingHint')}
        />
      ) : status === 'failed' ? (
        <ViewerState
          kind="failed"
          icon={<WarningOutlined />}
          title={t('productViewer.failedTitle')}
          hint={failureOf(data, i18n.language as Lang) || t('productViewer.failedHint')}
          action={download}
        />
      ) : status === 'unavailable' ? (
        <ViewerState
          kind="unavailable"
          icon={<FileOutlined />}
          title={t('productViewer.unavailableTitle')}
          hint={t('productViewer.unavailableHint')}
          action={download}
        />
      ) : (
        <ViewerState
          kind="empty"
          icon={<FileOutlined />}
          title={t('productViewer.noPages')}
          action={download}
        />
      );
    body = (
      <>
        <ViewerHeader detail={data} onVersion={onVersion} />
        {state}
      </>
    );
  }
  return (
    <section className="doc-viewer" data-testid="doc-viewer">
      {body}
    </section>
  );
}

const shownVersion = (detail: DocumentDetail) =>
  detail.versions.find((version) => version.id === detail.version_id);

/** Why the shown version failed, in the UI language: the latest version's message, else its code's wording. */
function failureOf(detail: DocumentDetail, lang: Lang): string {
  const version = shownVersion(detail);
  if (detail.version_id === detail.document.version_id && detail.document.fail_message)
    return detail.document.fail_message;
  return version?.fail_code ? codeWording(version.fail_code, lang) : '';
}
