import { Limits, type TeamInfo, type TeamQuota } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../../api/teams';
import { teamKeys } from '../../../state/teamQueries';

const unlimited = (value: number) => value === Limits.unlimited;

function QuotaRow({
  label,
  used,
  max,
  testId,
}: {
  label: string;
  used: number;
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const text = unlimited(max) ? `${used} / ${t('quota.unlimited')}` : `${used} / ${max}`;
  const percent = unlimited(max) || max <= 0 ? 0 : Math.min(100, Math.round((used / max) * 100));
  return (
    <div className="quota-row" data-testid={testId}>
      <div className="quota-row-head">
        <span>{label}</span>
        <span className="quota-row-value" data-testid={`${testId}-value`}>
          {text}
        </span>
      </div>
      <Progress
        percent={unlimited(max) ? 100 : percent}
        showInfo={false}
        size="small"
        status={!unlimited(max) && percent >= 100 ? 'exception' : 'normal'}
        strokeColor={unlimited(max) ? '#b7d3ff' : undefined}
      />
    </div>
  );
}

/** Edition plans by number (spec 000 §1). */
export function planName(quota: Pick<TeamQuota, 'edition_plan'>, t: (key: string) => string): string {
  return t(`quota.plan${quota.edition_plan}`);
}

/** The plan and how much of it the team uses: members, projects, designs. */
export function QuotaCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const quota = useQuery({ queryKey: teamKeys.quota(team.id), queryFn: () => teamsApi.quota(team.id) });
  const data = quota.data;
  return (
    <Card title={t('quota.title')} className="settings-card" data-testid="quota-card">
      {!data ? (
        quota.isError ? (
          <span className="muted">{t('common.loadFailed')}</span>
        ) : (
          <Spin />
        )
      ) : (
        <div className="quota">
          <div className="quota-plan">
            <span className="quota-plan-name" data-testid="quota-plan">
              {planName(data, t)}
            </span>
            <Tag data-testid="quota-level">{t('quota.levelN', { level: data.package_level })}</Tag>
          </div>
          <QuotaRow
            label={t('quota.members')}
            used={data.member_curt}
            max={data.member_max}
            testId="quota-members"
          />
          <QuotaRow
            label={t('quota.projects')}
            used={data.project_curt}
            max={data.project_max}
            testId="quota-projects"
          />
          <QuotaRow
            label={t('quota.images')}
            used={data.cur_cnt}
            max={data.hard_limit_cnt}
            testId="quota-images"
          />
        </div>
      )}
    </Card>
  );
}
