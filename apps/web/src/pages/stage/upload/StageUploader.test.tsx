import '../../../test/setup';
import { Codes, DesignLimits } from '@ferry/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import { applyLogin } from '../../../state/session';
import { buildLogin } from '../../../test/fixtures';
import { envelope, ok, stubFetch } from '../../../test/http';
import { FakeXhr, installXhr } from './fakeXhr';
import { StageUploader, useUploader } from './index';

const token = {
  accessid: 'ferry-local',
  host: '/api/oss/upload',
  policy: 'cG9saWN5',
  signature: 'c2ln',
  dir: 'uploads/team-a/user-1/',
  expire: Math.floor(Date.now() / 1000) + 1800,
  bucket_name: 'ferry-designs',
  max_size: DesignLimits.designMaxBytes,
  cloud_type: 'local',
  fields: { OSSAccessKeyId: 'ferry-local', signature: 'c2ln' },
};

function PickButton() {
  const { pickFiles } = useUploader();
  return (
    <button type="button" onClick={pickFiles}>
      Upload
    </button>
  );
}

function mount(projectId: string, register: () => Response) {
  applyLogin(buildLogin());
  installXhr();
  const seen = stubFetch((request) => {
    if (request.path === '/api/oss/token') return ok({ uptoken: token });
    if (request.path === '/api/project/image') return register();
    if (request.path === '/api/project/image/cntlimitinfo')
      return ok({
        project_id: projectId,
        hard_limit_cnt: 500,
        cur_cnt: 500,
        slow_warning_cnt: 300,
        slow_warning: true,
      });
    return ok({});
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <StageUploader teamId="team-a" projectId={projectId}>
          <PickButton />
        </StageUploader>
      </MemoryRouter>
    </AppProviders>,
  );
  return seen;
}

const pick = (...names: string[]) => {
  const input = screen.getByTestId('upload-input') as HTMLInputElement;
  // A PNG's signature first: the tray refuses files whose leading bytes are no design type.
  const png = new Uint8Array(2000);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const files = names.map((name) => new File([png], name, { type: 'image/png' }));
  fireEvent.change(input, { target: { files } });
};

describe('the stage uploader', () => {
  it('opens the picker from useUploader, shows each file with its progress, then its outcome', async () => {
    mount('p-tray', () => ok({ images: [], dropped: [], warning: null }));
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    let opened = 0;
    input.addEventListener('click', () => {
      opened += 1;
    });
    fireEvent.click(screen.getByText('Upload'));
    expect(opened).toBe(1);
    expect(input.multiple).toBe(true);

    pick('Home.png', 'Cart.png');
    await waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    FakeXhr.open[0].progress(1000, 2000);
    await waitFor(() => expect(screen.getByTestId('upload-tray-title').textContent).toBe('Uploading 0 of 2'));
    const bars = await screen.findAllByTestId('upload-row-progress');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['50', '0']);
    for (const xhr of [...FakeXhr.open]) xhr.answer(204);
    await waitFor(() => expect(screen.getByTestId('upload-tray-title').textContent).toBe('Uploads finished'));
    expect(screen.getByTestId('upload-tray-summary').textContent).toBe('2 added');
    expect(screen.getAllByTestId('upload-row').map((row) => row.getAttribute('data-status'))).toEqual([
      'done',
      'done',
    ]);
    fireEvent.click(screen.getByTestId('upload-tray-clear'));
    await waitFor(() => expect(screen.queryByTestId('upload-tray')).toBeNull());
  });

  it('at the design limit refuses the batch in the server words and offers the upgrade with the count', async () => {
    mount('p-full', () => envelope('11023', Codes.IMAGE_LIMIT_REACHED.en));
    pick('Home.png');
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    FakeXhr.open[0].answer(204);
    expect(
      await screen.findByText(`${Codes.IMAGE_LIMIT_REACHED.en} This project has 500 of 500 designs.`),
    ).toBeTruthy();
    expect(screen.getByTestId('upload-quota-upgrade').textContent).toBe('Upgrade');
    expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('refused');
    expect(screen.getByTestId('upload-row-message').textContent).toBe(Codes.IMAGE_LIMIT_REACHED.en);
  });
});
