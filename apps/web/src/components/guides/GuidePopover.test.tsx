import '../../test/setup';
import type { GuidesAnswer } from '@ferry/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stagePath } from '../../pages/stage/paths';
import { queryClient } from '../../queryClient';
import { envelope } from '../../test/http';
import { renderApp } from '../../test/render';
import { createProject, createShareLink, uploadDesign } from '../../test/seed';
import {
  answerTo,
  createTeam,
  newAccount,
  replaceAnswers,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();

/**
 * The web tests' server has guides switched off (test/server-global-setup.ts). These tests answer the guide
 * read with the server's real flags for the user and `enabled` on; dismissals reach the real server.
 */
async function guidesOnFor(user: SeededUser) {
  const real = await answerTo<GuidesAnswer>(user, 'GET', 'pangu/onboarding/guide');
  expect(real.payload?.enabled).toBe(false);
  replaceAnswers((request) =>
    request.method === 'GET' && request.path === '/api/pangu/onboarding/guide'
      ? envelope('00000', 'success', { ...real.payload, enabled: true }, 200, 'data')
      : null,
  );
}

async function ownerWithProject() {
  const owner = await newAccount('Gina');
  const team = await createTeam(owner, unique('Guides'));
  const projectId = await createProject(owner, team.id, unique('Shop'));
  await signInHere(owner);
  return { owner, teamId: team.id, projectId };
}

const anyGuide = () => document.querySelector('[data-testid^="guide-"]');
const guideRead = () => seen.some((request) => request.path === '/api/pangu/onboarding/guide');

describe('first-time guides', () => {
  it('shows the stage guides one at a time, and one dismissed stays dismissed in later visits', async () => {
    const { owner, teamId, projectId } = await ownerWithProject();
    await guidesOnFor(owner);
    const first = renderApp(stagePath(teamId, projectId));

    await screen.findByTestId('guide-enterProject');
    expect(screen.getByTestId('guide-enterProject').textContent).toContain(
      'All designs of the project are here',
    );
    // Only the first of the guides on screen shows.
    expect(screen.queryByTestId('guide-uploadDesign')).toBeNull();
    expect(screen.queryByTestId('guide-share')).toBeNull();

    fireEvent.click(screen.getByTestId('guide-enterProject-ok'));
    await waitFor(() => expect(screen.queryByTestId('guide-enterProject')).toBeNull());
    await screen.findByTestId('guide-uploadDesign');
    await waitFor(async () => {
      const stored = await answerTo<GuidesAnswer>(owner, 'GET', 'pangu/onboarding/guide');
      expect(stored.payload?.guides.enterProject).toBe('false');
    });
    expect(
      seen.filter((request) => request.method === 'POST' && request.path === '/api/pangu/onboarding/guide'),
    ).toHaveLength(1);

    // A later visit (a fresh page) reads the flags again: the dismissed guide never comes back.
    first.unmount();
    act(() => queryClient.clear());
    await guidesOnFor(owner);
    renderApp(stagePath(teamId, projectId));
    await screen.findByTestId('guide-uploadDesign');
    expect(screen.queryByTestId('guide-enterProject')).toBeNull();
  });

  it('shows none when the server has guides switched off', async () => {
    const { teamId, projectId } = await ownerWithProject();
    renderApp(stagePath(teamId, projectId));
    await screen.findByTestId('stage-project-name');
    await waitFor(() => expect(guideRead()).toBe(true));
    await screen.findByTestId('stage-upload');
    expect(anyGuide()).toBeNull();
  });

  it('shows none on a share link page, even to a signed-in visitor who has every guide still to see', async () => {
    const { owner, teamId, projectId } = await ownerWithProject();
    await uploadDesign(owner, teamId, projectId);
    const link = await createShareLink(owner, { team_id: teamId, project_id: projectId, scope: 'project' });
    const visitor = await newAccount('Vic');
    await signInHere(visitor);
    await guidesOnFor(visitor);
    renderApp(`/share/${link.code}`);
    await screen.findByTestId('demo-open');
    expect(anyGuide()).toBeNull();
    // The visitor's pages do not even ask.
    expect(guideRead()).toBe(false);
  });
});
