import { WALKTHROUGH_WORDS } from '@ferry/shared';
import { Tag } from 'antd';
import type { WalkthroughIssueState, WalkthroughResult, WalkthroughSeverity } from '../../api/walkthrough';
import { useLang } from '../../components/hooks';

/** The walkthrough's words (states, severities, results) are the shared table's, as the server's are. */
type Words = typeof WALKTHROUGH_WORDS;

const COLOURS = {
  state: { open: 'red', in_progress: 'orange', solved: 'green', ignored: 'default' },
  severity: { low: 'default', medium: 'blue', high: 'orange', critical: 'red' },
  result: { in_progress: 'processing', passed: 'success', failed: 'error' },
} as const satisfies { [K in keyof Words]: Record<keyof Words[K], string> };

export function useWalkthroughWords() {
  const lang = useLang();
  return <K extends keyof Words>(group: K, value: keyof Words[K]) =>
    (WALKTHROUGH_WORDS[group][value] as { 'zh-CN': string; 'en-US': string })[lang];
}

function WordTag<K extends keyof Words>({
  group,
  value,
  testId,
}: {
  group: K;
  value: keyof Words[K];
  testId: string;
}) {
  const words = useWalkthroughWords();
  const colour = (COLOURS[group] as Record<string, string>)[value as string];
  return (
    <Tag color={colour} variant="filled" data-testid={testId} data-value={String(value)}>
      {words(group, value)}
    </Tag>
  );
}

export const StateTag = ({ state }: { state: WalkthroughIssueState }) => (
  <WordTag group="state" value={state} testId="wt-state" />
);
export const SeverityTag = ({ severity }: { severity: WalkthroughSeverity }) => (
  <WordTag group="severity" value={severity} testId="wt-severity" />
);
export const ResultTag = ({
  result,
  testId = 'wt-result',
}: {
  result: WalkthroughResult;
  testId?: string;
}) => <WordTag group="result" value={result} testId={testId} />;
