import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidePopover } from '../../components/guides/GuidePopover';

export type SidebarTab = 'inspect' | 'slices' | 'comments';

/**
 * The light sidebar right of the canvas (as in Zeplin): Inspect, Slices, Comments. A tab given null is left out
 * (a share link's visitor gets only what the link allows); with none the sidebar is not shown.
 */
export function InspectSidebar({
  tab,
  onTab,
  inspect,
  slices,
  comments,
  commentCount,
}: {
  tab: SidebarTab;
  onTab: (tab: SidebarTab) => void;
  inspect: ReactNode | null;
  slices: ReactNode | null;
  comments: ReactNode | null;
  commentCount: number;
}) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'inspect',
      label: (
        <GuidePopover name="inspectLayer" placement="leftTop">
          <span>{t('inspect.tab.inspect')}</span>
        </GuidePopover>
      ),
      children: inspect,
    },
    {
      key: 'slices',
      label: (
        <GuidePopover name="sliceDownload" placement="leftTop">
          <span>{t('inspect.tab.slices')}</span>
        </GuidePopover>
      ),
      children: slices,
    },
    {
      key: 'comments',
      label: (
        <span className="inspect-tab-label">
          {t('inspect.tab.comments')}
          {commentCount > 0 ? <Badge count={commentCount} size="small" color="#2878ff" /> : null}
        </span>
      ),
      children: comments,
    },
  ].filter((item) => item.children !== null);
  if (items.length === 0) return null;
  return (
    <aside className="inspect-sidebar" data-testid="inspect-sidebar">
      <Tabs
        activeKey={items.some((item) => item.key === tab) ? tab : items[0].key}
        onChange={(key) => onTab(key as SidebarTab)}
        centered
        size="small"
        items={items}
      />
    </aside>
  );
}
