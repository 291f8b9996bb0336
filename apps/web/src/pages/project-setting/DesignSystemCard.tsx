import { ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { DsmLimits, type DsmLink, type ProjectCard } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dsmApi, dsmKeys } from '../../api/dsm';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { dsmPath } from '../dsm/paths';
import { refOf } from './shared';

/**
 * The dsm projects whose design tokens this project's inspect view names (GET/PUT project/dsm_links), in
 * order: where two hold the same value, the first wins. Editors pick and order them; others read the list.
 */
export function DesignSystemCard({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const ref = refOf(project);
  const canEdit = project.abilities.can_edit;
  const key = dsmKeys.links(ref.team_id, ref.project_id);
  const links = useQuery({ queryKey: key, queryFn: () => dsmApi.links(ref) });
  const choices = useQuery({
    queryKey: dsmKeys.projects(ref.team_id),
    queryFn: () => dsmApi.projects(ref.team_id),
    enabled: canEdit,
  });
  // The editor's unsaved list; null while it equals the saved one.
  const [draft, setDraft] = useState<string[] | null>(null);

  const save = useMutation({
    mutationFn: (ids: string[]) => dsmApi.setLinks(ref, ids),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: dsmKeys.projectTokens(ref.team_id, ref.project_id) });
      setDraft(null);
      void message.success(t('projectSetting.dsmSaved'));
    },
    onError: failure,
  });

  const saved = links.data ?? [];
  const ids = draft ?? saved.map((link) => link.project_id);
  const names = new Map<string, string>(saved.map((link: DsmLink) => [link.project_id, link.name]));
  for (const choice of choices.data ?? []) names.set(choice.id, choice.name);
  const nameOf = (id: string) => names.get(id) ?? id;
  const moveUp = (index: number) =>
    setDraft([...ids.slice(0, index - 1), ids[index], ids[index - 1], ...ids.slice(index + 1)]);

  return (
    <Card
      title={t('projectSetting.dsm')}
      className="settings-card"
      data-testid="project-dsm-card"
      extra={
        canEdit && draft ? (
          <Button
            type="primary"
            size="small"
            loading={save.isPending}
            onClick={() => save.mutate(ids)}
            data-testid="project-dsm-save"
          >
            {t('common.save')}
          </Button>
        ) : null
      }
    >
      <p className="muted">{t('projectSetting.dsmText')}</p>
      {links.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {links.isError ? <div className="muted">{t('common.loadFailed')}</div> : null}
      {canEdit && links.data ? (
        <Select
          mode="multiple"
          className="project-dsm-picker"
          style={{ width: '100%', marginBottom: 12 }}
          value={ids}
          maxCount={DsmLimits.linksPerProject}
          loading={choices.isLoading}
          placeholder={t('projectSetting.dsmPick')}
          notFoundContent={choices.isLoading ? null : t('projectSetting.dsmNone')}
          options={(choices.data ?? []).map((choice) => ({ value: choice.id, label: choice.name }))}
          labelRender={({ value }) => nameOf(String(value))}
          onChange={(next: string[]) => setDraft(next)}
          data-testid="project-dsm-picker"
        />
      ) : null}
      {links.data && !ids.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('projectSetting.dsmEmpty')}
          data-testid="project-dsm-empty"
        />
      ) : null}
      <ol className="project-dsm-links" style={{ margin: 0, paddingLeft: 20 }}>
        {ids.map((id, index) => (
          <li key={id} data-testid="project-dsm-link" data-id={id}>
            <Link to={dsmPath(ref.team_id, id, { tab: 'tokens' })}>{nameOf(id)}</Link>
            {canEdit ? (
              <span style={{ marginLeft: 8 }}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => moveUp(index)}
                  aria-label={t('projectSetting.dsmMoveUp')}
                  data-testid="project-dsm-up"
                />
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  onClick={() => setDraft(ids.filter((each) => each !== id))}
                  aria-label={t('projectSetting.dsmRemove')}
                  data-testid="project-dsm-remove"
                />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
