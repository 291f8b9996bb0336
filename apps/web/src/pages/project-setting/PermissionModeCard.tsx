import { PERMISSION_MODES, type PermissionMode, type ProjectCard } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Card, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { updateProject } from '../../api/projects';
import { useFailureToast } from '../../components/useFailureToast';
import { itemPath } from '../../state/redirect';
import { useProjectActor } from './shared';

/**
 * Permission mode (spec 000 §6). A: only the team role counts, every team member sees the project. B: the
 * project role counts too, and only the project's members (and the super admin) see it. Managers switch it,
 * after a confirmation that says who loses access.
 */
export function PermissionModeCard({
  project,
  onChange,
}: {
  project: ProjectCard;
  onChange: (card: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const failure = useFailureToast(message);
  const navigate = useNavigate();
  const { teamRole } = useProjectActor(project);
  const canManage = project.abilities.can_manage;
  // A manager through the team role alone (an admin in mode A) is not a project member: mode B shuts them out.
  const locksMeOut = project.project_role === null && teamRole !== 'superadmin';

  const change = useMutation({
    mutationFn: (mode: PermissionMode) =>
      updateProject({ team_id: project.team_id, project_id: project.project_id, permission_mode: mode }),
    onSuccess: (card, mode) => {
      void message.success(t('projectSetting.modeSaved', { mode }));
      if (mode === 'B' && locksMeOut) navigate(itemPath(project.team_id));
      else onChange(card);
    },
    onError: failure,
  });

  const ask = (mode: PermissionMode) => {
    const warning = mode === 'B' && locksMeOut ? ` ${t('projectSetting.modeLocksYouOut')}` : '';
    void modal.confirm({
      title: t('projectSetting.modeConfirmTitle', { mode }),
      content: `${t(`projectSetting.modeConfirm${mode}`)}${warning}`,
      okText: t('projectSetting.modeSwitch'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'mode-confirm' },
      onOk: () => change.mutateAsync(mode).catch(() => {}),
    });
  };

  return (
    <Card title={t('projectSetting.mode')} className="settings-card" data-testid="project-mode-card">
      <Radio.Group
        className="project-mode-options"
        value={project.permission_mode}
        disabled={!canManage || change.isPending}
        onChange={(event) => ask(event.target.value as PermissionMode)}
      >
        {PERMISSION_MODES.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            className={`project-mode-option${project.permission_mode === mode ? ' is-selected' : ''}`}
            data-testid={`mode-option-${mode}`}
          >
            <span className="project-mode-name">{t(`projectSetting.mode${mode}`)}</span>
            <span className="project-mode-text">{t(`projectSetting.mode${mode}Text`)}</span>
          </Radio>
        ))}
      </Radio.Group>
    </Card>
  );
}
