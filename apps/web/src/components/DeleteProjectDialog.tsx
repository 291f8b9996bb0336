import type { ProjectCard } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deleteProject } from '../api/projects';
import { formErrorText } from '../forms/errors';

/**
 * Deleting a project is final, so the user types its name; the red button only enables on an exact match
 * (the server checks `p_name` again and answers 19035 otherwise). Open while `project` is set.
 */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: ProjectCard | null;
  onClose: () => void;
  onDeleted: (project: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const projectId = project?.project_id;

  // A new project (or reopening) starts with an empty field.
  useEffect(() => {
    setTyped('');
    setError(null);
  }, [projectId]);

  const remove = useMutation({
    mutationFn: (target: ProjectCard) =>
      deleteProject({ team_id: target.team_id, project_id: target.project_id, p_name: typed }),
    onSuccess: (_answer, target) => {
      onDeleted(target);
      onClose();
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  const matches = project !== null && typed === project.name;
  return (
    <Modal
      open={project !== null}
      title={t('projects.deleteTitle')}
      okText={t('projects.deleteConfirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': 'project-delete-confirm' }}
      confirmLoading={remove.isPending}
      onOk={() => project && matches && remove.mutate(project)}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="delete-project" data-testid="project-delete-dialog">
        <p>
          <Trans
            i18nKey="projects.deleteText"
            values={{ name: project?.name ?? '' }}
            components={{ strong: <strong className="delete-project-name" /> }}
          />
        </p>
        <Input
          autoFocus
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          onPressEnter={() => project && matches && remove.mutate(project)}
          placeholder={t('projects.deletePlaceholder')}
          aria-label={t('projects.deletePlaceholder')}
          data-testid="project-delete-name"
        />
        {error ? <Alert className="delete-project-error" type="error" showIcon title={error} /> : null}
      </div>
    </Modal>
  );
}
