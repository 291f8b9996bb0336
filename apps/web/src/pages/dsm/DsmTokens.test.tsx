import '../../test/setup';
import { Codes, ruleMessage, type TokenImportFault } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { answerTo, signInHere, useRealServer } from '../../test/server';
import { designSource, dsmWorld, seedTokens, tokensOf } from './dsmSeed';
import { dsmPath } from './paths';

useRealServer();

const tokenRow = (name: string) => {
  const row = screen
    .queryAllByTestId('dsm-token-row')
    .find((node) => node.getAttribute('aria-label') === name);
  if (!row) throw new Error(`no token named ${name}`);
  return row;
};
const tokenNames = () => screen.queryAllByTestId('dsm-token-name').map((node) => node.textContent);

async function openTokens(ref: { team_id: string; project_id: string }) {
  renderApp(dsmPath(ref.team_id, ref.project_id, { tab: 'tokens' }));
  await waitFor(() => expect(screen.getByTestId('dsm-page').getAttribute('data-can-edit')).toBe('true'));
  await screen.findByTestId('dsm-tokens');
}

describe('the design tokens', () => {
  it('groups tokens by kind and renames one in place under the shared name rule', async () => {
    const { olga, ref } = await dsmWorld();
    await seedTokens(olga, ref, [
      { name: 'color/brand', kind: 'color', value: '#3366cc' },
      { name: 'color/danger', kind: 'color', value: '#e5484d' },
      { name: 'radius/card', kind: 'radius', value: '8px' },
    ]);
    await signInHere(olga);
    await openTokens(ref);
    await waitFor(() => expect(tokenNames()).toEqual(['color/brand', 'color/danger', 'radius/card']));
    const colours = screen.getByTestId('dsm-tokens-color');
    expect(within(colours).getAllByTestId('dsm-token-swatch')[0].style.background).toBe('rgb(51, 102, 204)');
    expect(within(screen.getByTestId('dsm-tokens-radius')).getByTestId('dsm-token-value').textContent).toBe(
      '8px',
    );

    fireEvent.click(within(tokenRow('color/brand')).getByTestId('dsm-token-rename'));
    const input = within(tokenRow('color/brand')).getByTestId('dsm-token-name-input');
    fireEvent.change(input, { target: { value: 'color/brand primary' } });
    expect(within(tokenRow('color/brand')).getByTestId('dsm-token-name-error').textContent).toBe(
      ruleMessage('token.name', 'en-US'),
    );
    // A name another token has: the server's refusal shows in the same place.
    const brand = (await tokensOf(olga, ref)).find((token) => token.name === 'color/brand');
    const taken = await answerTo(olga, 'PUT', 'project/dsm_token', {
      ...ref,
      token_id: brand?.id,
      name: 'color/danger',
    });
    expect(taken.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    fireEvent.change(input, { target: { value: 'color/danger' } });
    fireEvent.click(within(tokenRow('color/brand')).getByTestId('dsm-token-name-save'));
    await waitFor(() =>
      expect(within(tokenRow('color/brand')).getByTestId('dsm-token-name-error').textContent).toBe(taken.msg),
    );
    fireEvent.change(input, { target: { value: 'color/brand/primary' } });
    fireEvent.click(within(tokenRow('color/brand')).getByTestId('dsm-token-name-save'));
    await waitFor(() => expect(tokenNames()).toEqual(['color/brand/primary', 'color/danger', 'radius/card']));
    expect((await tokensOf(olga, ref)).map((token) => token.name)).toContain('color/brand/primary');
  });

  it('extracts tokens from a design project and adds the ones accepted, marking those already there', async () => {
    const { olga, ref } = await dsmWorld();
    const source = await designSource(olga, ref.team_id);
    await seedTokens(olga, ref, [{ name: 'color/danger', kind: 'color', value: '#e5484d' }]);
    await signInHere(olga);
    await openTokens(ref);

    fireEvent.click(screen.getByTestId('dsm-extract'));
    const sources = await screen.findByTestId('dsm-extract-sources');
    // Only design projects are offered, not the design system itself.
    await waitFor(() => expect(within(sources).getAllByRole('checkbox')).toHaveLength(1));
    fireEvent.click(within(sources).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('dsm-extract-read'));

    const review = await screen.findByTestId('dsm-extract-review');
    const colours = within(review).getByTestId('dsm-proposals-color');
    const blue = within(colours)
      .getAllByTestId('dsm-proposal')
      .find((node) => node.getAttribute('aria-label') === '#3366cc');
    const red = within(colours)
      .getAllByTestId('dsm-proposal')
      .find((node) => node.getAttribute('aria-label') === '#e5484d');
    if (!blue || !red) throw new Error('the blue and the red are proposed');
    expect(blue.textContent).toContain('2 layers in 1 design');
    expect(within(red).getByTestId('dsm-proposal-existing').textContent).toContain('color/danger');
    expect((within(red).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);

    fireEvent.change(within(blue).getByTestId('dsm-proposal-name'), {
      target: { value: 'color/brand/ocean' },
    });
    const picked = screen.getAllByTestId('dsm-proposal-pick').filter((node) => {
      const box = node.querySelector('input') ?? node;
      return (box as HTMLInputElement).checked;
    }).length;
    const add = screen.getByTestId('dsm-extract-add');
    expect(add.textContent).toBe(`Add ${picked} tokens`);
    fireEvent.click(add);
    await waitFor(() => expect(tokenNames()).toContain('color/brand/ocean'));

    const stored = await tokensOf(olga, ref);
    expect(stored).toHaveLength(picked + 1);
    expect(stored.find((token) => token.name === 'color/brand/ocean')?.value).toBe('#3366cc');
    expect(source).toBeTruthy();
  });

  it("refuses a bad tokens file with the server's reason and where in the file it is", async () => {
    const { olga, ref } = await dsmWorld();
    await signInHere(olga);
    await openTokens(ref);
    const content = '{\n  "color": {\n    "brand": { "$type": "color", "$value": "not-a-colour" }\n  }\n}\n';
    const direct = await answerTo<TokenImportFault>(olga, 'POST', 'project/dsm_token/import', {
      ...ref,
      content,
      mode: 'merge',
    });
    expect(direct.code).toBe(Codes.DSM_IMPORT_INVALID.code);

    fireEvent.click(screen.getByTestId('dsm-import'));
    const file = new File([content], 'tokens.json', { type: 'application/json' });
    fireEvent.change(await screen.findByTestId('dsm-import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('dsm-import-submit'));
    const refusal = await screen.findByTestId('dsm-import-error');
    expect(refusal.textContent).toContain(direct.msg);
    const where = direct.payload as TokenImportFault;
    expect(refusal.textContent).toContain(`line ${where.line}, column ${where.column}`);
    // Under the message, the file's faulty line with a caret at the column.
    const excerpt = within(refusal).getByTestId('dsm-import-excerpt').textContent ?? '';
    const [shown, caret] = excerpt.split('\n');
    const line = content.split('\n')[where.line - 1];
    expect(shown.startsWith(`${where.line} | `)).toBe(true);
    expect(shown[caret.indexOf('^')]).toBe(line[where.column - 1]);
    expect(await tokensOf(olga, ref)).toEqual([]);

    // A good file is then taken in.
    const good = new File(['{"color":{"brand":{"$type":"color","$value":"#3366cc"}}}'], 'tokens.json');
    fireEvent.change(screen.getByTestId('dsm-import-file'), { target: { files: [good] } });
    fireEvent.click(screen.getByTestId('dsm-import-submit'));
    await waitFor(() => expect(tokenNames()).toEqual(['color/brand']));
  });
});
