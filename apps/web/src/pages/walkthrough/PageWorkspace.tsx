import type { WalkthroughRect } from '@ferry/shared';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkthroughPageView, WalkthroughScope } from '../../api/walkthrough';
import { useEditorKeys } from '../prototype/editor/useEditorKeys';
import { StageUploader } from '../stage/upload';
import { CompareCanvas } from './compare/CompareCanvas';
import { CompareToolbar } from './compare/CompareToolbar';
import type { CompareMode } from './compare/compareGeometry';
import { ScreenshotStrip } from './compare/ScreenshotStrip';
import { useAlignment } from './compare/useAlignment';
import { PageHeader } from './PageHeader';
import { IssueDialog } from './panel/IssueDialog';
import { type PanelTab, SidePanel } from './panel/SidePanel';
import { SCREENSHOT_FILE_ACCEPT, screenshotQueueOf } from './screenshotUploads';
import { usePageView, useScreenshot, useWalkthroughActions } from './useWalkthrough';

interface PageWorkspaceProps {
  scope: WalkthroughScope;
  pageId: string;
  /** The issue the address names. */
  issueId: string | undefined;
  onSelectIssue: (issueId: string | undefined) => void;
}

/** The newest screenshot first: a fresh upload is the one compared. */
const newestOf = (page: WalkthroughPageView | undefined) =>
  [...(page?.contrast_images ?? [])].sort((a, b) => b.create_time.localeCompare(a.create_time))[0]
    ?.contrast_id;

/**
 * One page of the task: the design against a screenshot in the centre (with the screenshots under it and
 * their uploads dropped anywhere on it), the issues and proposed differences on the right.
 */
export function PageWorkspace({ scope, pageId, issueId, onSelectIssue }: PageWorkspaceProps) {
  const { t } = useTranslation();
  const query = usePageView(scope, pageId);
  const page = query.data;
  const actions = useWalkthroughActions(scope);

  const [picked, setPicked] = useState<string | undefined>(undefined);
  const shots = page?.contrast_images ?? [];
  // A screenshot picked and since deleted falls back to the newest; a new upload becomes the one shown.
  const count = shots.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) setPicked(undefined);
    seen.current = count;
  }, [count]);
  const shotId = shots.some((shot) => shot.contrast_id === picked) ? picked : newestOf(page);
  const shot = useScreenshot(scope, page, shotId ?? '');
  const alignment = useAlignment(shot, actions.align);

  const [mode, setMode] = useState<CompareMode>('overlay');
  const [opacity, setOpacity] = useState(0.5);
  const [swipe, setSwipe] = useState(0.5);
  const [showMask, setShowMask] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [pending, setPending] = useState<WalkthroughRect | null>(null);
  const [candidateId, setCandidateId] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<PanelTab>('issues');
  const canEdit = Boolean(page?.can_edit);

  useEditorKeys({
    paused: pending !== null,
    nudge: (dx, dy) => {
      if (!canEdit || !shot) return false;
      alignment.change((current) => ({
        ...current,
        offset_x: current.offset_x + dx,
        offset_y: current.offset_y + dy,
      }));
      return true;
    },
    remove: () => false,
    escape: () => {
      setDrawing(false);
      setCandidateId(undefined);
    },
  });

  if (query.isError && !page)
    return (
      <div className="wt-center-note" data-testid="wt-page-failed">
        <Result
          status="warning"
          title={t('walkthrough.page.loadFailed')}
          subTitle={query.error.message}
          extra={
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  if (!page)
    return (
      <div className="wt-center-note" data-testid="wt-page-loading">
        <Spin size="large" />
      </div>
    );

  const design = { width: page.width, height: page.height };
  const candidates = shot?.diff_status === 'ready' ? shot.candidates : [];
  const selectIssue = (id: string | undefined) => {
    setCandidateId(undefined);
    if (id) setTab('issues');
    onSelectIssue(id);
  };
  const selectCandidate = (id: string | undefined) => {
    if (id) {
      onSelectIssue(undefined);
      setTab('candidates');
    }
    setCandidateId(id);
  };
  const createIssue = async (fields: Parameters<typeof actions.updateIssue>[1]) => {
    if (!pending) return false;
    const made = await actions.createIssue({
      page_id: page.page_id,
      ...(shot ? { contrast_id: shot.contrast_id } : {}),
      rect: pending,
      description: fields.description ?? '',
      assignee_id: fields.assignee_id ?? undefined,
      severity: fields.severity,
    });
    if (made) selectIssue(made.issue_id);
    return Boolean(made);
  };

  const centre = (
    <div className="wt-centre">
      <CompareToolbar
        mode={mode}
        onMode={setMode}
        opacity={opacity}
        onOpacity={setOpacity}
        showMask={showMask}
        onShowMask={setShowMask}
        shot={shot}
        alignment={alignment.alignment}
        canEdit={canEdit}
        onScale={(scale) => alignment.change((current) => ({ ...current, scale }))}
        onAutoAlign={alignment.autoAlign}
        drawing={drawing}
        onDrawing={setDrawing}
      />
      {page.picture ? (
        <CompareCanvas
          design={design}
          picture={page.picture}
          shot={shot}
          alignment={alignment.alignment}
          mode={mode}
          opacity={opacity}
          swipe={swipe}
          onSwipe={setSwipe}
          showMask={showMask}
          issues={page.issues}
          candidates={candidates}
          selectedIssueId={issueId}
          selectedCandidateId={candidateId}
          onSelectIssue={selectIssue}
          onSelectCandidate={selectCandidate}
          onBackground={() => {
            selectIssue(undefined);
            setCandidateId(undefined);
          }}
          drawing={drawing && canEdit}
          pending={pending}
          onDrawn={(rect) => {
            setDrawing(false);
            setPending(rect);
          }}
          canAlign={canEdit}
          onAlign={alignment.change}
        />
      ) : (
        <div className="wt-center-note" data-testid="wt-design-processing">
          <Spin /> {t('walkthrough.page.processing')}
        </div>
      )}
      <ScreenshotStrip
        shots={shots}
        selectedId={shotId}
        canEdit={canEdit}
        onSelect={setPicked}
        onDelete={(deleted) => actions.removeScreenshot(deleted.contrast_id)}
      />
    </div>
  );

  return (
    <div
      className="wt-workspace"
      data-testid="wt-workspace"
      data-page-id={page.page_id}
      data-can-edit={canEdit}
    >
      <PageHeader page={page} onResult={(result) => void actions.setResult(result, page.page_id)} />
      <div className="wt-workspace-body">
        {canEdit ? (
          <StageUploader
            teamId={scope.team_id}
            projectId={scope.project_id}
            queue={screenshotQueueOf(scope, page.page_id)}
            accept={SCREENSHOT_FILE_ACCEPT}
            dropHint={t('walkthrough.screenshot.dropHint')}
          >
            {centre}
          </StageUploader>
        ) : (
          centre
        )}
        <SidePanel
          scope={scope}
          page={page}
          shot={shot}
          tab={tab}
          onTab={setTab}
          selectedIssueId={issueId}
          onSelectIssue={selectIssue}
          selectedCandidateId={candidateId}
          onSelectCandidate={selectCandidate}
          actions={actions}
        />
      </div>
      <IssueDialog
        open={pending !== null}
        kind="new"
        assignees={page.assignees}
        onSubmit={createIssue}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
