import { CheckOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { PROJECT_TABS, type ProjectTab } from '@ferry/shared';
import { Button, Dropdown, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSort } from '../../api/projects';
import { formatSort } from './useProjectList';

/** The orders the sort menu offers, as `item_order` spells them. */
export const SORT_OPTIONS: readonly ProjectSort[] = [
  { field: 'default_order', direction: 'desc' },
  { field: 'default_order', direction: 'asc' },
  { field: 'name_order', direction: 'asc' },
  { field: 'name_order', direction: 'desc' },
  { field: 'time_order', direction: 'desc' },
  { field: 'time_order', direction: 'asc' },
];

/** The tabs (all, recently used, recently updated, mine), the search box, the order and "create project". */
export function ProjectToolbar({
  tab,
  onTab,
  sort,
  onSort,
  keyword,
  onSearch,
  onCreate,
}: {
  tab: ProjectTab;
  onTab: (tab: ProjectTab) => void;
  sort: ProjectSort;
  onSort: (sort: ProjectSort) => void;
  /** The keyword searched for; the box empties when it is cleared elsewhere (a tab change). */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** Absent for those who may not create projects. */
  onCreate?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(keyword);
  useEffect(() => {
    if (!keyword) setDraft('');
  }, [keyword]);
  const current = formatSort(sort);
  // The recent tabs have an order of their own; the menu applies to the others.
  const sortable = tab === 'all' || tab === 'join';
  return (
    <div className="project-toolbar">
      <Tabs
        className="project-tabs"
        activeKey={tab}
        onChange={(key) => onTab(key as ProjectTab)}
        items={PROJECT_TABS.map((key) => ({
          key,
          label: <span data-testid={`project-tab-${key}`}>{t(`item.tabs.${key}`)}</span>,
        }))}
      />
      <div className="project-toolbar-actions">
        <Input.Search
          allowClear
          className="project-search"
          placeholder={t('item.searchPlaceholder')}
          value={draft}
          onSearch={(value) => onSearch(value.trim())}
          onChange={(event) => {
            setDraft(event.target.value);
            if (!event.target.value) onSearch('');
          }}
          data-testid="project-search"
        />
        <Dropdown
          trigger={['click']}
          disabled={!sortable}
          menu={{
            selectable: true,
            selectedKeys: [current],
            items: SORT_OPTIONS.map((option) => {
              const key = formatSort(option);
              return {
                key,
                label: (
                  <span className="project-sort-option" data-testid={`project-sort-${key}`}>
                    {t(`item.sort.${option.field}_${option.direction}`)}
                    {key === current ? <CheckOutlined /> : null}
                  </span>
                ),
              };
            }),
            onClick: ({ key }) => onSort(SORT_OPTIONS.find((option) => formatSort(option) === key) ?? sort),
          }}
        >
          <Button icon={<SortAscendingOutlined />} data-testid="project-sort">
            {t(`item.sort.${sort.field}_${sort.direction}`)}
          </Button>
        </Dropdown>
        {onCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="project-create">
            {t('item.createProject')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
