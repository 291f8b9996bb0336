import type { WalkthroughCandidate, WalkthroughRect } from '@ferry/shared';
import type { WalkthroughIssueView } from '../../../api/walkthrough';

export const boxStyle = (rect: WalkthroughRect, zoom: number) => ({
  left: rect.x * zoom,
  top: rect.y * zoom,
  width: rect.width * zoom,
  height: rect.height * zoom,
});

/**
 * The page's issues as solid numbered boxes (coloured by state) and the screenshot's proposed differences as
 * dashed ones, numbered in the panel's order; drawn over each view of the design (both halves side by side).
 */
export function Boxes({
  issues,
  candidates,
  zoom,
  selectedIssueId,
  selectedCandidateId,
}: {
  issues: WalkthroughIssueView[];
  candidates: WalkthroughCandidate[];
  zoom: number;
  selectedIssueId: string | undefined;
  selectedCandidateId: string | undefined;
}) {
  return (
    <>
      {candidates.map((candidate, index) => (
        <div
          key={candidate.id}
          className={`wt-box is-candidate${candidate.id === selectedCandidateId ? ' is-selected' : ''}`}
          style={boxStyle(candidate, zoom)}
          data-candidate-id={candidate.id}
          data-testid="wt-candidate-box"
          title={candidate.expected_text}
        >
          <span className="wt-box-number">{index + 1}</span>
        </div>
      ))}
      {issues.map((issue) => (
        <div
          key={issue.issue_id}
          className={`wt-box is-issue is-${issue.state}${issue.issue_id === selectedIssueId ? ' is-selected' : ''}`}
          style={boxStyle(issue.rect, zoom)}
          data-issue-id={issue.issue_id}
          data-state={issue.state}
          data-testid="wt-issue-box"
          title={issue.description}
        >
          <span className="wt-box-number">{issue.number}</span>
        </div>
      ))}
    </>
  );
}
