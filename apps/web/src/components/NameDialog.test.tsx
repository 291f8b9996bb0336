import '../test/setup';
import { Limits, ruleMessage } from '@ferry/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { NameDialog } from './NameDialog';

function show(rules?: []) {
  const onSubmit = vi.fn(async () => {});
  render(
    <AppProviders>
      <NameDialog
        open
        title="New folder"
        testId="folder-name"
        rules={rules}
        onSubmit={onSubmit}
        onClose={() => {}}
      />
    </AppProviders>,
  );
  return onSubmit;
}

describe('the name dialog of folders, groups and projects', () => {
  it('says the no-space rule under the field before anything is submitted', () => {
    show();
    expect(screen.getByText(`At most ${Limits.nameMaxLength} characters, no spaces`)).toBeTruthy();
  });

  it('refuses a name with spaces without calling, with the same rule', async () => {
    const onSubmit = show();
    fireEvent.change(screen.getByTestId('folder-name-input'), { target: { value: 'Q3 designs' } });
    fireEvent.click(screen.getByTestId('folder-name-save'));
    expect(await screen.findByText(ruleMessage('name.spaces', 'en-US'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says nothing of that rule for names under rules of their own (designs, sections)', () => {
    show([]);
    expect(screen.queryByText(`At most ${Limits.nameMaxLength} characters, no spaces`)).toBeNull();
  });
});
