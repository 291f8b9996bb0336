import { DOWNLOAD_TYPES, type ProjectCard } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Radio, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadSetting, type DownloadType, projectSettingsApi } from '../../api/projectSettings';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { settingKeys, useProjectMembers } from './shared';

/**
 * Who may download the project's documents (GET/PUT dayu/design/project/doc_download_setting): everyone who
 * sees the project, its members, chosen members, or nobody. Managers change it; others see it.
 */
export function DownloadSettingCard({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const canManage = project.abilities.can_manage;
  const key = settingKeys.download(project.team_id, project.project_id);
  const setting = useQuery({
    queryKey: key,
    queryFn: () => projectSettingsApi.downloadSetting(project.project_id),
  });
  const members = useProjectMembers(project);
  const [type, setType] = useState<DownloadType>('all');
  const [userIds, setUserIds] = useState<string[]>([]);

  useEffect(() => {
    if (!setting.data) return;
    setType(setting.data.download_type);
    setUserIds(setting.data.user_ids);
  }, [setting.data]);

  const save = useMutation({
    mutationFn: () =>
      projectSettingsApi.setDownloadSetting({
        project_id: project.project_id,
        download_type: type,
        user_ids: type === 'specified' ? userIds : [],
      }),
    onSuccess: (answer: DownloadSetting) => {
      queryClient.setQueryData(key, answer);
      void message.success(t('projectSetting.downloadSaved'));
    },
    onError: failure,
  });

  const saved = setting.data;
  const dirty =
    saved !== undefined &&
    (saved.download_type !== type ||
      (type === 'specified' && [...saved.user_ids].sort().join() !== [...userIds].sort().join()));
  const missingPeople = type === 'specified' && userIds.length === 0;

  return (
    <Card title={t('projectSetting.download')} className="settings-card" data-testid="project-download-card">
      {setting.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {setting.isError ? <span className="muted">{t('common.loadFailed')}</span> : null}
      {saved ? (
        <div className="project-download">
          <Radio.Group
            className="project-download-options"
            value={type}
            disabled={!canManage}
            onChange={(event) => setType(event.target.value as DownloadType)}
          >
            {DOWNLOAD_TYPES.map((option) => (
              <Radio key={option} value={option} data-testid={`download-option-${option}`}>
                {t(`projectSetting.downloadTypes.${option}`)}
              </Radio>
            ))}
          </Radio.Group>
          {type === 'specified' ? (
            <Select
              mode="multiple"
              className="project-download-people"
              value={userIds}
              disabled={!canManage}
              loading={members.isPending}
              placeholder={t('projectSetting.downloadPeople')}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={setUserIds}
              options={(members.data ?? []).map((member) => ({ value: member.user_id, label: member.name }))}
              data-testid="download-people"
            />
          ) : null}
          {canManage ? (
            <div>
              <Button
                type="primary"
                disabled={!dirty || missingPeople}
                loading={save.isPending}
                onClick={() => save.mutate()}
                data-testid="download-save"
              >
                {t('common.save')}
              </Button>
              {missingPeople ? (
                <span className="muted project-download-hint">{t('projectSetting.downloadPick')}</span>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
