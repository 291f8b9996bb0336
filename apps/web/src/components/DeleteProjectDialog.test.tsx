import '../test/setup';
import { Codes, codeMessage, type ProjectCard } from '@ferry/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { buildProjectCard } from '../test/fixtures';
import type { SeenRequest } from '../test/http';
import { createProject } from '../test/seed';
import {
  answerTo,
  createTeam,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';
import { DeleteProjectDialog } from './DeleteProjectDialog';

const seen = useRealServer();

/** Ada's project Checkout, as the project list shows its card, with Ada signed in here. */
async function adasProject() {
  const ada = await newAccount('Ada');
  const team = await createTeam(ada, unique('Alpha'));
  const projectId = await createProject(ada, team.id, 'Checkout');
  await signInHere(ada);
  return { ada, project: buildProjectCard(projectId, 'Checkout', { team_id: team.id }) };
}

function show(project: ProjectCard) {
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <DeleteProjectDialog project={project} onClose={onClose} onDeleted={onDeleted} />
    </AppProviders>,
  );
  return { onDeleted, onClose };
}

const button = () => screen.getByTestId('project-delete-confirm') as HTMLButtonElement;
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('project-delete-name'), { target: { value } });
const deletes = (requests: SeenRequest[]) => requests.filter((req) => req.method === 'DELETE');
const projectInfo = (user: SeededUser, project: ProjectCard) =>
  answerTo(user, 'GET', `project/project_info?team_id=${project.team_id}&project_id=${project.id}`);

describe('the delete-project dialog', () => {
  it('enables the red button only on the exact name, then deletes with it', async () => {
    const { ada, project } = await adasProject();
    const { onDeleted, onClose } = show(project);
    expect(button().disabled).toBe(true);
    for (const near of ['Check', 'checkout', 'Checkout ', ' Checkout']) {
      type(near);
      expect(button().disabled).toBe(true);
    }
    type('Checkout');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(project));
    expect(onClose).toHaveBeenCalled();
    expect(deletes(seen)).toHaveLength(1);
    expect(deletes(seen)[0].path).toBe('/api/project/project_info');
    expect(deletes(seen)[0].body).toEqual({
      team_id: project.team_id,
      project_id: project.id,
      p_name: 'Checkout',
    });
    expect((await projectInfo(ada, project)).code).not.toBe('00000');
  });

  it("shows the server's refusal and stays open (the project was deleted meanwhile)", async () => {
    const { ada, project } = await adasProject();
    const gone = await answerTo(ada, 'DELETE', 'project/project_info', {
      team_id: project.team_id,
      project_id: project.id,
      p_name: 'Checkout',
    });
    expect(gone.code).toBe('00000');
    const { onDeleted } = show(project);
    type('Checkout');
    fireEvent.click(button());
    expect(await screen.findByText(codeMessage(Codes.PROJECT_NOT_FOUND, 'en-US'))).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('project-delete-dialog')).toBeTruthy();
  });
});
