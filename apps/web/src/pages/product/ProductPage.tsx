import { FileSearchOutlined } from '@ant-design/icons';
import { Codes } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DocumentScope } from '../../api/documents';
import { usePageTitle } from '../../components/hooks';
import { ProjectUnavailable } from '../../components/ProjectUnavailable';
import { itemPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { stageIdsOf, stageQueries } from '../stage/stageQueries';
import { useCanEdit } from '../stage/versions/useCanEdit';
import { ProjectToolbar } from './ProjectToolbar';
import { docTypeOf, type ProductView, productPath, productViewOf } from './paths';
import { DocumentSidebar, type OpenDocument } from './sidebar/DocumentSidebar';
import { DocumentViewer } from './viewer/DocumentViewer';
import './product.css';

/**
 * A project's product documents (route /item/project/product?tid&pid&docId&versionId&docType&pageId&commentId):
 * the groups and documents on the left, the open document on the right. The address says what is open, so a
 * page can be linked to and the browser's Back returns to the document before.
 */
export function ProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { teamId, projectId } = stageIdsOf(params, team?.team_id);
  const ready = Boolean(teamId && projectId);
  const project = useQuery({ ...stageQueries(teamId, projectId).project, enabled: ready });
  const canEdit = useCanEdit(teamId, projectId);
  usePageTitle('product.title');

  if (!ready || project.isError) {
    return (
      <ProjectUnavailable
        error={project.error}
        fallbackCode={Codes.PROJECT_NOT_FOUND.code}
        className="product-page"
        testId="product-unavailable"
        back={itemPath(teamId)}
        notFoundKey="stage.notFound"
      />
    );
  }

  const scope: DocumentScope = { team_id: teamId, project_id: projectId };
  const view = productViewOf(params);
  const show = (next: ProductView, replace = false) =>
    navigate(productPath(teamId, projectId, next), { replace });
  const open: OpenDocument = (doc, at = {}) => show({ docId: doc.id, docType: docTypeOf(doc.kind), ...at });
  // The viewer's own moves (another version, another page) replace the address: Back leaves the document.
  const onNavigate = (change: { versionId?: string; pageId?: number }) => {
    const next = { ...view, commentId: undefined };
    if ('versionId' in change) next.versionId = change.versionId;
    if ('pageId' in change) next.pageId = change.pageId;
    show(next, true);
  };
  const onDeleted = (docId: string, documentDeleted: boolean) => {
    if (docId !== view.docId) return;
    show(documentDeleted ? {} : { ...view, versionId: undefined, pageId: undefined }, true);
  };

  return (
    <div className="product-page" data-testid="product-page" data-can-edit={canEdit}>
      <ProjectToolbar
        teamId={teamId}
        projectId={projectId}
        projectName={project.data?.name ?? ''}
        title={t('product.title')}
        backTip={t('product.backToStage')}
        backTestId="product-back"
      />
      <div className="product-body">
        <DocumentSidebar
          scope={scope}
          canEdit={canEdit}
          selectedDocId={view.docId}
          onOpen={open}
          onDeleted={onDeleted}
        />
        <main className="product-main" data-testid="product-main">
          {view.docId ? (
            <DocumentViewer
              scope={scope}
              docId={view.docId}
              versionId={view.versionId}
              pageId={view.pageId}
              commentId={view.commentId}
              onNavigate={onNavigate}
            />
          ) : (
            <div className="product-hint" data-testid="product-hint">
              <FileSearchOutlined className="product-hint-icon" />
              <span>{t('product.pickHint')}</span>
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
