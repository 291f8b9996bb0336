import '../../test/setup';
import type { DsmLink } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { createProject } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();

/**
 * Olga's team with Ada (signed in here) as `role`, Olga's project Checkout linking her dsm project Brand, and
 * her dsm project Legacy not linked yet.
 */
async function linked(role: 'admin' | 'onlooker') {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const projectId = await createProject(olga, team.id, unique('Checkout'));
  const dsm = async (name: string) =>
    (
      await callAs<{ id: string }>(olga, 'POST', 'project/project_info', {
        team_id: team.id,
        name,
        type: 'dsm',
      })
    ).id;
  const brand = await dsm(unique('Brand'));
  const legacy = await dsm(unique('Legacy'));
  const ref = { team_id: team.id, project_id: projectId };
  await callAs(olga, 'PUT', 'project/dsm_links', { ...ref, dsm_project_ids: [brand] });
  await signInHere(ada);
  return { olga, ada, ref, brand, legacy, path: `/item/project/setting?tid=${team.id}&pid=${projectId}` };
}

const linkIds = () => screen.getAllByTestId('project-dsm-link').map((item) => item.getAttribute('data-id'));

describe('project settings: design system', () => {
  it('links another dsm project, orders it first and saves the list in order', async () => {
    const { ada, ref, brand, legacy, path } = await linked('admin');
    renderApp(path);
    const card = await screen.findByTestId('project-dsm-card');
    await waitFor(() => expect(linkIds()).toEqual([brand]));
    expect(screen.queryByTestId('project-dsm-save')).toBeNull();

    const picker = within(card).getByTestId('project-dsm-picker');
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((element) =>
        element.textContent?.startsWith('Legacy'),
      );
      if (!found) throw new Error('no Legacy option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(linkIds()).toEqual([brand, legacy]));
    fireEvent.click(within(card).getAllByTestId('project-dsm-up')[1]);
    expect(linkIds()).toEqual([legacy, brand]);
    fireEvent.click(screen.getByTestId('project-dsm-save'));

    await waitFor(() => expect(screen.queryByTestId('project-dsm-save')).toBeNull());
    const put = seen.filter(
      (request) => request.method === 'PUT' && request.path === '/api/project/dsm_links',
    );
    expect(put.map((request) => request.body)).toEqual([{ ...ref, dsm_project_ids: [legacy, brand] }]);
    const saved = await callAs<DsmLink[]>(
      ada,
      'GET',
      `project/dsm_links?team_id=${ref.team_id}&project_id=${ref.project_id}`,
    );
    expect(saved.map((link) => link.project_id)).toEqual([legacy, brand]);
  });

  it('unlinks every dsm project', async () => {
    const { ada, ref, path } = await linked('admin');
    renderApp(path);
    fireEvent.click(await screen.findByTestId('project-dsm-remove'));
    expect(await screen.findByTestId('project-dsm-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-dsm-save'));
    await waitFor(() => expect(screen.queryByTestId('project-dsm-save')).toBeNull());
    const saved = await callAs<DsmLink[]>(
      ada,
      'GET',
      `project/dsm_links?team_id=${ref.team_id}&project_id=${ref.project_id}`,
    );
    expect(saved).toEqual([]);
  });

  it('shows a viewer the links read-only', async () => {
    const { brand, path } = await linked('onlooker');
    renderApp(path);
    const card = await screen.findByTestId('project-dsm-card');
    await waitFor(() => expect(linkIds()).toEqual([brand]));
    expect(within(card).getByTestId('project-dsm-link').textContent).toContain('Brand');
    expect(within(card).queryByTestId('project-dsm-picker')).toBeNull();
    expect(within(card).queryByTestId('project-dsm-remove')).toBeNull();
    expect(within(card).queryByTestId('project-dsm-up')).toBeNull();
  });
});
