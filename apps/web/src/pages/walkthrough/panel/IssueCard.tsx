import { DeleteOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalkthroughIssueView } from '../../../api/walkthrough';
import { SeverityTag, StateTag } from '../WalkthroughTags';

export type IssueMove = 'solve' | 'reopen' | 'in_progress' | 'ignored' | 'open';

/** What may follow each state: solving, a status, back to open, reopening a solved one. */
const MOVES: Record<WalkthroughIssueView['state'], IssueMove[]> = {
  open: ['solve', 'in_progress', 'ignored'],
  in_progress: ['solve', 'open', 'ignored'],
  solved: ['reopen'],
  ignored: ['open'],
};

interface IssueCardProps {
  issue: WalkthroughIssueView;
  selected: boolean;
  onSelect: () => void;
  onMove: (move: IssueMove) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One issue in the panel: its number, description, what the design expects, severity, assignee and state,
 * then what the caller may do with it (the view's can_solve and can_edit say what).
 */
export const IssueCard = forwardRef<HTMLLIElement, IssueCardProps>(function IssueCard(
  { issue, selected, onSelect, onMove, onEdit, onDelete },
  ref,
) {
  const { t } = useTranslation();
  return (
    <li
      ref={ref}
      className={`wt-issue${selected ? ' is-selected' : ''}`}
      data-testid="wt-issue"
      data-issue-id={issue.issue_id}
      data-state={issue.state}
    >
      <button type="button" className="wt-issue-main" onClick={onSelect} data-testid="wt-issue-select">
        <span className={`wt-issue-number is-${issue.state}`}>{issue.number}</span>
        <span className="wt-issue-text">
          <span className="wt-issue-description" data-testid="wt-issue-description">
            {issue.description}
          </span>
          {/* Accepted with no words of its own, the description is the expectation: said once. */}
          {issue.expected_text && issue.expected_text !== issue.description ? (
            <span className="wt-issue-expected" data-testid="wt-issue-expected">
              {issue.expected_text}
            </span>
          ) : null}
        </span>
      </button>
      <div className="wt-issue-meta">
        <StateTag state={issue.state} />
        <SeverityTag severity={issue.severity} />
        <span className="wt-issue-assignee" data-testid="wt-issue-assignee">
          <UserOutlined /> {issue.assignee?.name ?? t('walkthrough.issue.unassigned')}
        </span>
      </div>
      {issue.can_solve || issue.can_edit ? (
        <div className="wt-issue-actions">
          {issue.can_solve
            ? MOVES[issue.state].map((move) => (
                <Button
                  key={move}
                  size="small"
                  type={move === 'solve' ? 'primary' : 'default'}
                  onClick={() => onMove(move)}
                  data-testid={`wt-issue-${move}`}
                >
                  {t(`walkthrough.issue.move.${move}`)}
                </Button>
              ))
            : null}
          <span className="wt-bar-spacer" />
          {issue.can_edit ? (
            <>
              <Tooltip title={t('walkthrough.issue.edit')}>
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('walkthrough.issue.edit')}
                  onClick={onEdit}
                  data-testid="wt-issue-edit"
                />
              </Tooltip>
              <Tooltip title={t('walkthrough.delete')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('walkthrough.delete')}
                  onClick={onDelete}
                  data-testid="wt-issue-delete"
                />
              </Tooltip>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
