import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SidebarTab = 'inspect' | 'slices' | 'comments';

/** The light sidebar right of the canvas (as in Zeplin): Inspect, Slices, Comments. */
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
  inspect: ReactNode;
  slices: ReactNode;
  comments: ReactNode;
  commentCount: number;
}) {
  const { t } = useTranslation();
  return (
    <aside className="inspect-sidebar" data-testid="inspect-sidebar">
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as SidebarTab)}
        centered
        size="small"
        items={[
          { key: 'inspect', label: t('inspect.tab.inspect'), children: inspect },
          { key: 'slices', label: t('inspect.tab.slices'), children: slices },
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
        ]}
      />
    </aside>
  );
}
