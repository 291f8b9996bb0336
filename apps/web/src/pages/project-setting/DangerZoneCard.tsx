import type { ProjectCard } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { projectKeys, quitProject } from '../../api/projects';
import { DeleteProjectDialog } from '../../components/DeleteProjectDialog';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { itemPath } from '../../state/redirect';
import { refOf, useProjectActor } from './shared';

/** Leaving the project (someone added to it) and deleting it (those who may, after typing its name). */
export function DangerZoneCard({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const navigate = useNavigate();
  const { canQuit } = useProjectActor(project);
  const [deleting, setDeleting] = useState(false);
  // The project is gone (or out of reach): leave first, then forget its queries so none asks for it again.
  const backToList = () => {
    navigate(itemPath(project.team_id), { replace: true });
    queryClient.removeQueries({ queryKey: ['team', project.team_id, 'project', project.project_id] });
    void queryClient.invalidateQueries({ queryKey: projectKeys.all(project.team_id) });
  };

  const quit = useMutation({
    mutationFn: () => quitProject(refOf(project)),
    onSuccess: () => {
      void message.success(t('projectSetting.quitDone', { name: project.name }));
      backToList();
    },
    onError: failure,
  });

  if (!canQuit && !project.abilities.can_delete) return null;
  return (
    <Card title={t('projectSetting.danger')} className="settings-card" data-testid="project-danger-card">
      {canQuit ? (
        <div className="manage-row">
          <div>
            <div className="manage-row-title">{t('projectSetting.quit')}</div>
            <div className="muted">{t('projectSetting.quitText')}</div>
          </div>
          <Popconfirm
            title={t('projectSetting.quitTitle', { name: project.name })}
            okText={t('projectSetting.quit')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'project-quit-confirm' }}
            onConfirm={() => quit.mutateAsync().catch(() => {})}
          >
            <Button danger loading={quit.isPending} data-testid="project-quit">
              {t('projectSetting.quit')}
            </Button>
          </Popconfirm>
        </div>
      ) : null}
      {project.abilities.can_delete ? (
        <div className="manage-row">
          <div>
            <div className="manage-row-title">{t('projectSetting.delete')}</div>
            <div className="muted">{t('projectSetting.deleteText')}</div>
          </div>
          <Button danger type="primary" onClick={() => setDeleting(true)} data-testid="project-delete">
            {t('projectSetting.delete')}
          </Button>
        </div>
      ) : null}
      <DeleteProjectDialog
        project={deleting ? project : null}
        onClose={() => setDeleting(false)}
        onDeleted={backToList}
      />
    </Card>
  );
}
