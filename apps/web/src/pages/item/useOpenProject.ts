import { Limits, type ProjectCard } from '@ferry/shared';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { getProject } from '../../api/projects';
import { useFailureToast } from '../../components/useFailureToast';
import { queryClient } from '../../queryClient';
import { dsmPath } from '../dsm/paths';
import { projectSettingKey } from '../project-setting/paths';
import { stagePath } from '../stage/paths';
import { refreshProjects } from './folders';

/**
 * Opening a project: GET project_info records it as recently used and answers its card; the project opens on
 * its stage (a dsm project on its design system screen), which is handed the card so it does not ask again.
 */
export function useOpenProject(teamId: string) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (project: ProjectCard) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      getProject(project.project_id, teamId)
        .then((card) => {
          queryClient.setQueryData(projectSettingKey(teamId, card.project_id), card);
          // "Recently used" has just changed.
          refreshProjects(teamId);
          // A design system opens on its own screen; other projects on their stage.
          navigate(
            card.type === 'dsm' ? dsmPath(teamId, card.project_id) : stagePath(teamId, card.project_id),
          );
        })
        .catch(failure);
    }, Limits.projectOpenDebounceMs);
  };
}
