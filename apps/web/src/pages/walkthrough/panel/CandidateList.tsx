import type { WalkthroughCandidate } from '@ferry/shared';
import { Button, Empty } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueFields, WalkthroughScreenshotView } from '../../../api/walkthrough';
import { IssueDialog } from './IssueDialog';

/**
 * The screenshot's proposed differences, largest first and numbered as their dashed boxes: what the design
 * expects there and how many pixels differ. Editors accept one as an issue (picking assignee and severity)
 * or dismiss it; a dismissed region is not proposed again.
 */
export function CandidateList({
  shot,
  canEdit,
  selectedId,
  onSelect,
  assignees,
  onAccept,
  onDismiss,
}: {
  shot: WalkthroughScreenshotView | undefined;
  canEdit: boolean;
  selectedId: string | undefined;
  onSelect: (candidateId: string) => void;
  assignees: { id: string; name: string }[];
  /** Answers whether it became an issue. */
  onAccept: (candidate: WalkthroughCandidate, fields: IssueFields) => Promise<boolean>;
  onDismiss: (candidate: WalkthroughCandidate) => void;
}) {
  const { t } = useTranslation();
  const [accepting, setAccepting] = useState<WalkthroughCandidate | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  useEffect(() => {
    if (selectedId) rows.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  let body = null;
  if (!shot)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('walkthrough.candidate.noShot')} />;
  else if (shot.diff_status === 'pending')
    body = <p className="wt-panel-note">{t('walkthrough.candidate.pending')}</p>;
  else if (shot.diff_status === 'failed')
    body = (
      <p className="wt-panel-note is-error" data-testid="wt-candidates-failed">
        {shot.diff_error || t('walkthrough.screenshot.failed')}
      </p>
    );
  else if (shot.candidates.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('walkthrough.candidate.empty')}
        data-testid="wt-candidates-empty"
      />
    );
  else
    body = (
      <ul className="wt-candidates" data-testid="wt-candidates">
        {shot.candidates.map((candidate, index) => (
          <li
            key={candidate.id}
            ref={(node) => {
              if (node) rows.current.set(candidate.id, node);
              else rows.current.delete(candidate.id);
            }}
            className={`wt-candidate${candidate.id === selectedId ? ' is-selected' : ''}`}
            data-testid="wt-candidate"
            data-candidate-id={candidate.id}
          >
            <button type="button" className="wt-issue-main" onClick={() => onSelect(candidate.id)}>
              <span className="wt-issue-number is-candidate">{index + 1}</span>
              <span className="wt-issue-text">
                <span className="wt-issue-description" data-testid="wt-candidate-expected">
                  {candidate.expected_text}
                </span>
                <span className="wt-issue-expected">
                  {t('walkthrough.candidate.pixels', { count: candidate.pixels })}
                </span>
              </span>
            </button>
            {canEdit ? (
              <div className="wt-issue-actions">
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setAccepting(candidate)}
                  data-testid="wt-candidate-accept"
                >
                  {t('walkthrough.candidate.accept')}
                </Button>
                <Button size="small" onClick={() => onDismiss(candidate)} data-testid="wt-candidate-dismiss">
                  {t('walkthrough.candidate.dismiss')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="wt-panel-section" data-testid="wt-candidate-panel">
      <div className="wt-panel-scroll">{body}</div>
      <IssueDialog
        open={accepting !== null}
        kind="accept"
        hint={accepting?.expected_text}
        assignees={assignees}
        onSubmit={(fields) => (accepting ? onAccept(accepting, fields) : Promise.resolve(false))}
        onClose={() => setAccepting(null)}
      />
    </section>
  );
}
