import '../../test/setup';
import { Codes, codeMessage, type OnboardUserView, PlanLimits } from '@ferry/shared';
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

async function ownerWithTeam() {
  const owner = await newAccount('Olga');
  const team = await createTeam(owner, unique('Studio'));
  await signInHere(owner);
  return { owner, team };
}

describe('the first-run path', () => {
  it('is offered on the new team’s project list and walks role, industry, invitations and the sample project', async () => {
    const { owner, team } = await ownerWithTeam();
    const app = renderApp(`/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('first-run-start'));
    await waitFor(() => expect(app.location()).toBe(`/onboarding?tid=${team.id}`));
    expect(document.title).toBe('Get started - Ferry');

    // Step 1: the role, and (an admin) the team's industry.
    const next = await screen.findByTestId('onboarding-profile-next');
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByText('Designer'));
    fireEvent.click(await screen.findByText('Gaming'));
    fireEvent.click(next);

    // Step 2: invitations through the team's own calls, the user's variant of the experiment first.
    const { variant } = await callAs<{ variant: 'A' | 'B' }>(owner, 'GET', 'pangu/onboarding/abtest/invite');
    await screen.findByTestId(variant === 'B' ? 'invite-link-pane' : 'invite-email-pane');
    fireEvent.click(screen.getByText('By e-mail'));
    const emails = await screen.findByTestId('invite-emails');
    const colleague = `${unique('dev')}@example.com`;
    fireEvent.change(emails, { target: { value: colleague } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect(await screen.findByText(colleague)).toBeTruthy();
    fireEvent.click(screen.getByTestId('onboarding-invite-next'));

    // Step 3: the sample project opens on its stage.
    fireEvent.click(await screen.findByTestId('onboarding-sample-open'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\/project\/stage\?/));
    const sample = await callAs<{ project_id: string; created: boolean }>(
      owner,
      'GET',
      `account/onboard_project?team_id=${team.id}`,
    );
    expect(sample.created).toBe(false);
    expect(app.location()).toBe(`/item/project/stage?tid=${team.id}&pid=${sample.project_id}`);

    const progress = await callAs<OnboardUserView>(owner, 'GET', 'account/onboard_user');
    expect(progress).toMatchObject({
      role: 'designer',
      status: 'finished',
      done: true,
      steps: { profile: 'done', invite: 'done', sample: 'done' },
    });
    const industry = await callAs<{ industry: string }>(
      owner,
      'GET',
      `account/onboard_team?team_id=${team.id}`,
    );
    expect(industry.industry).toBe('gaming');
    const invited = seen.find((request) => request.path === '/api/account/invite_member');
    expect(invited?.method).toBe('PUT');

    // Never shown again: the address goes to the project list, which offers nothing.
    app.unmount();
    const again = renderApp(`/onboarding?tid=${team.id}`);
    await waitFor(() => expect(again.location()).toBe(`/item?fid=all&tid=${team.id}`));
    await screen.findByTestId('item-title');
    expect(screen.queryByTestId('first-run-banner')).toBeNull();
  });

  it('is skipped for good with “Not now”', async () => {
    const { owner, team } = await ownerWithTeam();
    renderApp(`/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('first-run-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('first-run-banner')).toBeNull());
    expect((await callAs<OnboardUserView>(owner, 'GET', 'account/onboard_user')).status).toBe('skipped');
  });

  it('is not offered to someone who joined through an invitation, and asks them no industry', async () => {
    const { owner, team } = await ownerWithTeam();
    const member = await newAccount('Mia');
    await joinByLink(member, await inviteLink(owner, team.id, 'member'));
    await signInHere(member);
    const list = renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('item-title');
    await waitFor(() =>
      expect(seen.some((request) => request.path === '/api/account/onboard_user')).toBe(true),
    );
    expect(screen.queryByTestId('first-run-banner')).toBeNull();
    list.unmount();

    // Opened by its address, it asks the role only, and tells who invites.
    renderApp(`/onboarding?tid=${team.id}`);
    await screen.findByText('Designer');
    expect(screen.queryByTestId('onboarding-industry')).toBeNull();
    fireEvent.click(screen.getByTestId('onboarding-profile-skip'));
    expect(await screen.findByText(/Only the team's administrators invite people/)).toBeTruthy();
  });

  it("shows the server's words when the plan has no room for the sample project", async () => {
    const { owner, team } = await ownerWithTeam();
    for (let index = 0; index < PlanLimits[1].projectMax; index += 1)
      await createProject(owner, team.id, unique('P'));
    const app = renderApp(`/onboarding?tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('onboarding-profile-skip'));
    fireEvent.click(await screen.findByTestId('onboarding-invite-skip'));
    fireEvent.click(await screen.findByTestId('onboarding-sample-open'));
    const alert = await screen.findByTestId('onboarding-error');
    expect(within(alert).getByText(codeMessage(Codes.ONBOARDING_SAMPLE_NO_ROOM, 'en-US'))).toBeTruthy();
    expect(app.location()).toBe(`/onboarding?tid=${team.id}`);
    // Still open: the steps skipped are remembered, the path is not finished.
    const progress = await callAs<OnboardUserView>(owner, 'GET', 'account/onboard_user');
    expect(progress).toMatchObject({ status: 'open', steps: { profile: 'skipped', invite: 'skipped' } });
  });
});
