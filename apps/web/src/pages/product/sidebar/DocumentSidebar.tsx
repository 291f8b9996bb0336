import { CloudUploadOutlined, FolderAddOutlined, SearchOutlined } from '@ant-design/icons';
import { DocumentLimits, type DocumentSearchHit, documentNameSchema } from '@ferry/shared';
import { App, Button, Input, Result, Skeleton, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentGroupView, DocumentScope, DocumentSummary } from '../../../api/documents';
import { useDebounced, useLang } from '../../../components/hooks';
import { NameDialog } from '../../../components/NameDialog';
import { schemaRule } from '../../../forms/rules';
import { StageUploader, useUploader } from '../../stage/upload';
import type { ProductView } from '../paths';
import { DocumentRow } from './DocumentRow';
import { DOCUMENT_FILE_ACCEPT, documentQueueOf, uploadIntoGroup } from './documentUploads';
import { GroupSection } from './GroupSection';
import { SEARCH_DELAY_MS, SearchResults, searchKeyword } from './SearchResults';
import { type DocumentActions, useDocumentActions, useDocumentList } from './useDocuments';

/** Opening a document: which one (its kind gives the address's docType), and where in it. */
export type OpenDocument = (
  doc: Pick<DocumentSummary, 'id' | 'kind'>,
  at?: Omit<ProductView, 'docId'>,
) => void;

type Naming =
  | { kind: 'createGroup' }
  | { kind: 'renameGroup'; group: DocumentGroupView }
  | { kind: 'renameDoc'; doc: DocumentSummary }
  | null;

/** Opens the uploader's file picker (inside the sidebar's `StageUploader`). */
function UploadButton({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const uploader = useUploader();
  return (
    <Button
      type="primary"
      block={block}
      icon={<CloudUploadOutlined />}
      onClick={uploader.pickFiles}
      data-testid="doc-upload"
    >
      {t('product.upload')}
    </Button>
  );
}

interface DocumentTreeProps {
  scope: DocumentScope;
  canEdit: boolean;
  selectedDocId: string | undefined;
  onOpen: OpenDocument;
  /** After a delete: the document is gone (or only a version of it). */
  onDeleted: (docId: string, documentDeleted: boolean) => void;
}

/**
 * The product documents' sidebar: search, then the groups in their order with their documents, then the
 * ungrouped ones. Everyone searches and opens documents; editors upload (button, or files dropped on the
 * sidebar), make, rename, move and delete groups, and rename, move and delete documents.
 */
export function DocumentSidebar({ scope, canEdit, selectedDocId, onOpen, onDeleted }: DocumentTreeProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = searchKeyword(useDebounced(typed, SEARCH_DELAY_MS));

  const body = (
    <>
      <div className="product-sidebar-top">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('product.search.placeholder')}
          value={typed}
          maxLength={DocumentLimits.searchKeywordMax}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="doc-search"
        />
      </div>
      {keyword && typed.trim() ? (
        <div className="product-sidebar-scroll">
          <SearchResults
            scope={scope}
            keyword={keyword}
            onOpen={(hit: DocumentSearchHit, page) =>
              onOpen(
                { id: hit.doc_id, kind: hit.kind },
                page ? { versionId: hit.version_id, pageId: page } : {},
              )
            }
          />
        </div>
      ) : (
        <DocumentTree
          scope={scope}
          canEdit={canEdit}
          selectedDocId={selectedDocId}
          onOpen={onOpen}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
  return (
    <aside className="product-sidebar" data-testid="doc-sidebar" aria-label={t('product.title')}>
      {canEdit ? (
        <StageUploader
          teamId={scope.team_id}
          projectId={scope.project_id}
          queue={documentQueueOf(scope)}
          accept={DOCUMENT_FILE_ACCEPT}
          dropHint={t('product.dropHint')}
        >
          {body}
        </StageUploader>
      ) : (
        body
      )}
    </aside>
  );
}

/** The groups and documents, with the editors' tools above them and the dialogs they open. */
function DocumentTree({ scope, canEdit, selectedDocId, onOpen, onDeleted }: DocumentTreeProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const list = useDocumentList(scope);
  const actions = useDocumentActions(scope);
  const [naming, setNaming] = useState<Naming>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groupPicker = useRef<HTMLInputElement>(null);
  const uploadGroup = useRef<string | null>(null);

  const toggle = (groupId: string) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (!next.delete(groupId)) next.add(groupId);
      return next;
    });

  if (list.isError && !list.data)
    return (
      <Result
        status="error"
        title={t('product.loadFailed')}
        extra={
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="doc-list-retry">
            {t('common.retry')}
          </Button>
        }
        data-testid="doc-list-failed"
      />
    );
  if (!list.data)
    return (
      <div className="product-sidebar-scroll">
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      </div>
    );

  const groups = [...list.data.groups].sort((a, b) => a.order - b.order);
  const ungrouped = list.data.ungrouped;
  const empty = groups.length === 0 && ungrouped.length === 0;
  const confirmDelete = (title: string, content: string, testId: string, onOk: () => Promise<unknown>) =>
    void modal.confirm({
      title,
      content,
      okText: t('product.delete'),
      okButtonProps: { danger: true, 'data-testid': testId },
      cancelText: t('common.cancel'),
      onOk,
    });
  const removeDocument = async (doc: DocumentSummary, versionId?: string) => {
    const { removed, documentDeleted } = await actions.removeDocument(doc.id, versionId);
    if (removed) onDeleted(doc.id, documentDeleted);
  };

  const rowsOf = (docs: DocumentSummary[]) => (
    <ul className="product-docs">
      {docs.map((doc) => (
        <DocumentRow
          key={doc.id}
          doc={doc}
          selected={doc.id === selectedDocId}
          onSelect={() => onOpen(doc)}
          menu={canEdit ? documentMenu(doc) : null}
        />
      ))}
    </ul>
  );
  const documentMenu = (doc: DocumentSummary) => ({
    groups: groups.map((group) => ({ id: group.group_id, name: group.name })),
    onRename: () => setNaming({ kind: 'renameDoc', doc }),
    onMove: (groupId: string) => void actions.moveDocument(doc.id, groupId),
    onDeleteVersion: () =>
      confirmDelete(
        t('product.doc.deleteVersionTitle', { name: doc.name, version: doc.version }),
        t('product.doc.deleteVersionText'),
        'doc-delete-version-confirm',
        () => removeDocument(doc, doc.version_id),
      ),
    onDelete: () =>
      confirmDelete(
        t('product.doc.deleteTitle', { name: doc.name }),
        t('product.doc.deleteText'),
        'doc-delete-confirm',
        () => removeDocument(doc),
      ),
  });
  const groupMenu = (group: DocumentGroupView, place: number) => ({
    onUpload: () => {
      uploadGroup.current = group.group_id;
      groupPicker.current?.click();
    },
    onRename: () => setNaming({ kind: 'renameGroup', group }),
    onMoveUp: place > 1 ? () => void actions.moveGroup(group.group_id, place - 1) : null,
    onMoveDown: place < groups.length ? () => void actions.moveGroup(group.group_id, place + 1) : null,
    onDelete: () =>
      confirmDelete(
        t('product.group.deleteTitle', { name: group.name }),
        t('product.group.deleteText'),
        'doc-group-delete-confirm',
        () => actions.deleteGroup(group.group_id),
      ),
  });

  let tree: ReactNode;
  if (empty)
    tree = (
      <div className="product-empty" data-testid="doc-empty">
        <strong>{t('product.empty.title')}</strong>
        <span>{t(canEdit ? 'product.empty.editor' : 'product.empty.viewer')}</span>
        {canEdit ? <UploadButton /> : null}
      </div>
    );
  else
    tree = (
      <>
        {groups.map((group, index) => (
          <GroupSection
            key={group.group_id}
            groupId={group.group_id}
            name={group.name}
            count={group.resources.length}
            collapsed={collapsed.has(group.group_id)}
            onToggle={() => toggle(group.group_id)}
            menu={canEdit ? groupMenu(group, index + 1) : null}
          >
            {group.resources.length > 0 ? (
              rowsOf(group.resources)
            ) : (
              <div className="product-group-empty">{t('product.group.empty')}</div>
            )}
          </GroupSection>
        ))}
        {groups.length > 0 && ungrouped.length > 0 ? (
          <GroupSection
            groupId=""
            name={t('product.ungrouped')}
            count={ungrouped.length}
            collapsed={collapsed.has('')}
            onToggle={() => toggle('')}
            menu={null}
          >
            {rowsOf(ungrouped)}
          </GroupSection>
        ) : (
          rowsOf(ungrouped)
        )}
      </>
    );

  return (
    <>
      {canEdit ? (
        <div className="product-sidebar-tools">
          <UploadButton block />
          <Tooltip title={t('product.group.create')}>
            <Button
              icon={<FolderAddOutlined />}
              aria-label={t('product.group.create')}
              onClick={() => setNaming({ kind: 'createGroup' })}
              data-testid="doc-group-create"
            />
          </Tooltip>
        </div>
      ) : null}
      <div className="product-sidebar-scroll" data-testid="doc-tree">
        {tree}
      </div>
      {canEdit ? (
        <input
          ref={groupPicker}
          type="file"
          multiple
          hidden
          accept={DOCUMENT_FILE_ACCEPT}
          data-testid="doc-group-upload-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (uploadGroup.current && files.length) uploadIntoGroup(scope, uploadGroup.current, files);
          }}
        />
      ) : null}
      <NamingDialog naming={naming} actions={actions} lang={lang} onClose={() => setNaming(null)} />
    </>
  );
}

/** Names a new group, or a group or document anew; the server's refusal shows under the field. */
function NamingDialog({
  naming,
  actions,
  lang,
  onClose,
}: {
  naming: Naming;
  actions: DocumentActions;
  lang: ReturnType<typeof useLang>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isDoc = naming?.kind === 'renameDoc';
  const title =
    naming?.kind === 'renameDoc'
      ? t('product.doc.renameTitle')
      : naming?.kind === 'renameGroup'
        ? t('product.group.renameTitle')
        : t('product.group.createTitle');
  const initialName =
    naming?.kind === 'renameDoc' ? naming.doc.name : naming?.kind === 'renameGroup' ? naming.group.name : '';
  const submit = async (name: string) => {
    if (naming?.kind === 'renameDoc') await actions.renameDocument(naming.doc.id, name);
    else if (naming?.kind === 'renameGroup') await actions.renameGroup(naming.group.group_id, name);
    else await actions.createGroup(name);
  };
  return (
    <NameDialog
      open={naming !== null}
      title={title}
      initialName={initialName}
      placeholder={t(isDoc ? 'product.doc.namePlaceholder' : 'product.group.namePlaceholder')}
      testId={isDoc ? 'doc-naming' : 'doc-group-name'}
      // Group names are checked by the server alone, so each fault shows its own message (10193–10195).
      rules={isDoc ? [schemaRule(documentNameSchema, lang)] : []}
      hint={isDoc ? undefined : t('product.group.nameHint', { max: DocumentLimits.groupNameMaxLength })}
      maxLength={(isDoc ? DocumentLimits.nameMaxLength : DocumentLimits.groupNameMaxLength) + 10}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
