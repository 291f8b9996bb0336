import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { renderApp } from '../../test/render';
import { createTeam, newAccount, signInHere, unique, useRealServer } from '../../test/server';
import { ARTICLE_IDS } from './articles';

useRealServer();

const articleTitles = () =>
  ARTICLE_IDS.map((id) => screen.getByTestId(`help-article-${id}`).querySelector('h2')?.textContent);

describe('help centre (/support)', () => {
  it('is open without signing in and explains Ferry with the real limits', async () => {
    renderApp('/support');
    const page = await screen.findByTestId('support-page');
    expect(articleTitles()).toEqual([
      'Uploading designs',
      'Inspecting a design',
      'Slices',
      'Comments',
      'Prototypes',
      'Sharing',
      'Product documents',
      'Teams and roles',
      'Plans and limits',
    ]);
    expect(screen.getByTestId('help-article-upload').textContent).toContain('up to 100 MB a file');
    expect(screen.getByTestId('help-article-plans').textContent).toContain(
      'Free: up to 10 members, 10 projects and 500 designs.',
    );
    expect(within(page).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Help centre - Ferry'));
  });

  it('reads in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderApp('/support');
      await screen.findByTestId('support-page');
      expect(screen.getByTestId('help-article-plans').textContent).toContain('免费版：最多 10 名成员');
      await waitFor(() => expect(document.title).toBe('帮助中心 - Ferry'));
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});

describe('team docs (/item/docs/{teamId})', () => {
  it('shows the team, its plan limits and the reader role above the articles, under the top bar', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    renderApp(`/item/docs/${team.id}`);
    const card = await screen.findByTestId('team-docs-card');
    expect(card.textContent).toContain(`Your team: ${team.name}`);
    expect(card.textContent).toContain('Your roleSuper admin');
    expect(card.textContent).toContain('PlanFree');
    await waitFor(() => expect(card.textContent).toContain('Members1 of 10'));
    expect(card.textContent).toContain('Projects0 of 10');
    expect(card.textContent).toContain('Designs0 of 500');
    expect(document.querySelector('.app-header')).not.toBeNull();
    expect(articleTitles()).toHaveLength(ARTICLE_IDS.length);
    await waitFor(() => expect(document.title).toBe('Team docs - Ferry'));
  });

  it("another team's id is the no-permission page", async () => {
    const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
    await createTeam(ada, unique('Alpha'));
    const olgas = await createTeam(olga, unique('Beta'));
    await signInHere(ada);
    const view = renderApp(`/item/docs/${olgas.id}`);
    await waitFor(() => expect(view.location()).toBe('/noPermissions'));
    expect(screen.queryByTestId('team-docs')).toBeNull();
  });

  it('the team id "error" shows the articles without the top bar', async () => {
    const ada = await newAccount('Ada');
    await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    renderApp('/item/docs/error');
    await screen.findByTestId('team-docs');
    expect(document.querySelector('.app-header')).toBeNull();
    expect(screen.queryByTestId('team-docs-card')).toBeNull();
    expect(articleTitles()).toHaveLength(ARTICLE_IDS.length);
  });

  it('needs a session', async () => {
    const view = renderApp('/item/docs/error');
    await waitFor(() => expect(view.location()).toMatch(/^\/user\/login/));
  });
});
