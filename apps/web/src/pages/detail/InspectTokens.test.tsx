import '../../test/setup';
import type { ImageDetail, Layer } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../App';
import { readPreferences } from '../../state/preferences';
import { createProject, uploadDesign } from '../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import type { LayerSource } from './panels/AddToDsmDialog';
import { InspectTab } from './panels/InspectTab';
import { cardLayer, sampleDoc, titleLayer } from './test/sampleDoc';
import { readInspectPrefs, useInspectPrefs } from './useInspectPrefs';

const seen = useRealServer();

/** Tokens with the sample doc's values in code pixels: the doc is drawn @2x (750 wide), so its lengths halve. */
const BRAND_TOKENS = [
  { name: 'color/surface', kind: 'color', value: '#ffffff' },
  { name: 'color/text/ink', kind: 'color', value: '#1e2025' },
  { name: 'radius/card', kind: 'radius', value: '8px' },
  {
    name: 'shadow/card',
    kind: 'shadow',
    value: { color: '#00000014', offsetX: '0px', offsetY: '2px', blur: '6px', spread: '0px' },
  },
  { name: 'border/hairline', kind: 'border', value: { color: '#e5e6eb', width: '1px', style: 'solid' } },
  {
    name: 'text/title',
    kind: 'typography',
    value: { fontFamily: 'PingFang SC', fontSize: '16px', fontWeight: 500, lineHeight: 1.375 },
  },
];

interface World {
  olga: SeededUser;
  ada: SeededUser;
  source: LayerSource;
  dsmId: string;
}

/**
 * Olga's team with Ada (signed in here, a member): Olga's project Shop with one design, and her dsm project
 * Brand holding the sample's tokens, linked to Shop when `link`.
 */
async function world({ link = true } = {}): Promise<World> {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  const imageId = await uploadDesign(olga, team.id, projectId);
  const image = await callAs<ImageDetail>(
    olga,
    'GET',
    `project/image?team_id=${team.id}&project_id=${projectId}&image_id=${imageId}`,
  );
  const dsm = await callAs<{ id: string }>(olga, 'POST', 'project/project_info', {
    team_id: team.id,
    name: unique('Brand'),
    type: 'dsm',
  });
  await callAs(olga, 'POST', 'project/dsm_token', {
    team_id: team.id,
    project_id: dsm.id,
    tokens: BRAND_TOKENS,
  });
  if (link)
    await callAs(olga, 'PUT', 'project/dsm_links', {
      team_id: team.id,
      project_id: projectId,
      dsm_project_ids: [dsm.id],
    });
  await signInHere(ada);
  const versionId = image.versions.find((version) => version.current)?.id ?? '';
  return { olga, ada, dsmId: dsm.id, source: { teamId: team.id, projectId, imageId, versionId } };
}

function Inspect({ source, layer }: { source: LayerSource; layer: Layer }) {
  const prefs = useInspectPrefs(source.projectId, 750);
  return (
    <InspectTab
      prefs={prefs}
      design={{ width: 750, height: 1334 }}
      doc={sampleDoc}
      status="ready"
      selected={layer}
      onComment={null}
      onCodeCopied={() => {}}
      pickerAvailable={null}
      source={source}
    />
  );
}

function show(source: LayerSource, layer: Layer) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <Inspect source={source} layer={layer} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const code = () => screen.getByTestId('inspect-code').textContent ?? '';
const tokenCalls = () => seen.filter((request) => request.path === '/api/project/design_tokens');

describe('the inspect view with linked design tokens', () => {
  it('names the tokens beside the values and writes them in code, or raw values when asked', async () => {
    const { source } = await world();
    show(source, cardLayer);
    expect((await screen.findByTestId('inspect-radius-token')).textContent).toBe('radius/card');
    expect(screen.getByTestId('inspect-radius').getAttribute('data-value')).toBe('8px');
    expect(screen.getAllByTestId('inspect-fill-token').map((tag) => tag.textContent)).toEqual([
      'color/surface',
    ]);
    expect(screen.getByTestId('inspect-border-token').textContent).toBe('border/hairline');
    expect(screen.getByTestId('inspect-shadow-token').textContent).toBe('shadow/card');
    // The colour format still applies to the value beside the name.
    expect(screen.getAllByTestId('inspect-fill')[0].getAttribute('data-value')).toBe('#FFFFFF');
    fireEvent.click(within(screen.getByTestId('inspect-color-format')).getByText('RGBA'));
    await waitFor(() =>
      expect(screen.getAllByTestId('inspect-fill')[0].getAttribute('data-value')).toBe(
        'rgba(255, 255, 255, 1)',
      ),
    );
    expect(screen.getAllByTestId('inspect-fill-token')[0].textContent).toBe('color/surface');
    expect(code()).toContain('background: var(--color-surface);');
    expect(code()).toContain('border: var(--border-hairline);');
    expect(code()).toContain('border-radius: var(--radius-card);');
    expect(code()).toContain('box-shadow: var(--shadow-card);');
    expect(tokenCalls()).toHaveLength(1);

    const mode = screen.getByTestId('inspect-code-tokens');
    fireEvent.click(within(mode).getByText('Raw values'));
    await waitFor(() => expect(code()).toContain('background: rgba(255, 255, 255, 1);'));
    expect(code()).not.toContain('var(');
    expect(readInspectPrefs(source.projectId).tokens).toBe(false);
    // The names stay beside the values: the switch is the code's.
    expect(screen.getByTestId('inspect-radius-token').textContent).toBe('radius/card');
    // The choice is the user's too: a project they never set starts with raw values, in any browser.
    expect(readPreferences().inspectTokens).toBe(false);
    expect(readInspectPrefs('another-project').tokens).toBe(false);
  });

  it('names a text style and writes it in Swift as a FerryTokens member', async () => {
    const { source } = await world();
    show(source, titleLayer);
    const styles = await screen.findAllByTestId('inspect-text-token');
    expect(styles.map((tag) => tag.textContent)).toEqual(['text/title']);
    expect(screen.getAllByTestId('inspect-text-color-token')[0].textContent).toBe('color/text/ink');
    fireEvent.click(within(screen.getByTestId('inspect-code-language')).getByText('Swift'));
    await waitFor(() => expect(code()).toContain('.font: FerryTokens.textTitle,'));
    expect(code()).toContain('.foregroundColor: FerryTokens.colorTextInk,');
  });

  it('shows today’s view without links: no names, no switch', async () => {
    const { source } = await world({ link: false });
    show(source, cardLayer);
    await screen.findByTestId('inspect-code');
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(screen.queryByTestId('inspect-code-tokens')).toBeNull();
    expect(screen.queryByTestId('inspect-radius-token')).toBeNull();
    expect(code()).toContain('border-radius: 8px;');
  });

  it('shows today’s view while the team’s design system is switched off', async () => {
    const { source, olga } = await world();
    await callAs(olga, 'PUT', 'permission/dsm_auth_switch', { team_id: source.teamId, enabled: false });
    show(source, cardLayer);
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    await screen.findByTestId('inspect-code');
    expect(screen.queryByTestId('inspect-code-tokens')).toBeNull();
    expect(code()).not.toContain('var(');
  });
});

describe('add to design system', () => {
  it('sends the layer as the host object and shows the server’s refusal in its words', async () => {
    const { source, ada, dsmId } = await world();
    const body = {
      team_id: source.teamId,
      project_id: dsmId,
      dsm_files: [
        {
          name: 'Card bg',
          type: 'component',
          folder_id: null,
          host_object: {
            project_id: source.projectId,
            image_id: source.imageId,
            version_id: source.versionId,
            layer_id: cardLayer.id,
          },
        },
      ],
    };
    // The uploaded picture has no layers: the server refuses, and the dialog says what it said.
    const refusal = await answerTo(ada, 'POST', 'project/dsm_file', body);
    expect(refusal.code).not.toBe('00000');

    show(source, cardLayer);
    fireEvent.click(await screen.findByTestId('inspect-add-to-dsm'));
    const name = await screen.findByTestId('add-to-dsm-name');
    expect((name as HTMLInputElement).value).toBe('Card bg');
    // The team's only dsm project is chosen already.
    await waitFor(() => expect(screen.getByTestId('add-to-dsm-project').textContent).toContain('Brand'));
    fireEvent.click(screen.getByTestId('add-to-dsm-save'));
    expect(await screen.findByText(refusal.msg)).toBeTruthy();
    const sent = seen.filter(
      (request) => request.method === 'POST' && request.path === '/api/project/dsm_file',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual(body);
  });
});
