import { WALKTHROUGH_RESULTS } from '@ferry/shared';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalkthroughPageView, WalkthroughResult } from '../../api/walkthrough';
import { ResultTag, useWalkthroughWords } from './WalkthroughTags';

/**
 * A page's name, its issues by state, and its result: editors pass or fail it (or set it back in progress),
 * everyone else sees it.
 */
export function PageHeader({
  page,
  onResult,
}: {
  page: WalkthroughPageView;
  onResult: (result: WalkthroughResult) => void;
}) {
  const { t } = useTranslation();
  const words = useWalkthroughWords();
  return (
    <header className="wt-page-head">
      <h2 className="wt-page-name" title={page.name} data-testid="wt-page-name">
        {page.name}
      </h2>
      <span className="wt-muted" data-testid="wt-page-counts">
        {t('walkthrough.counts', {
          open: page.counts.open + page.counts.in_progress,
          solved: page.counts.solved,
        })}
      </span>
      <span className="wt-bar-spacer" />
      <span className="wt-muted">{t('walkthrough.result.label')}</span>
      {page.can_edit ? (
        <Segmented
          size="small"
          value={page.result}
          onChange={(value) => onResult(value as WalkthroughResult)}
          options={WALKTHROUGH_RESULTS.map((result) => ({
            value: result,
            label: <span data-testid={`wt-page-result-${result}`}>{words('result', result)}</span>,
          }))}
          data-testid="wt-page-result"
        />
      ) : (
        <ResultTag result={page.result} testId="wt-page-result" />
      )}
    </header>
  );
}
