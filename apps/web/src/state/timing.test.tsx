import '../test/setup';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newAccount, signInHere, useRealServer } from '../test/server';
import { reportFirstScreen, useTiming } from './timing';

const seen = useRealServer();
const timingCalls = () => seen.filter((req) => req.path === '/api/account/timing' && req.method === 'POST');

describe('timing reports (spec 000 §9)', () => {
  it('reports the design-open time once per design, when its detail is read', async () => {
    await signInHere(await newAccount('Ada'));
    const { rerender } = renderHook(({ key, ready }) => useTiming('design_open', key, ready), {
      initialProps: { key: 'design-1', ready: false },
    });
    expect(timingCalls()).toHaveLength(0);
    rerender({ key: 'design-1', ready: true });
    rerender({ key: 'design-1', ready: true });
    await waitFor(() => expect(timingCalls()).toHaveLength(1));
    const body = timingCalls()[0].body as { name: string; seconds: number };
    expect(body.name).toBe('design_open');
    expect(body.seconds).toBeGreaterThanOrEqual(0);
    // The next design is timed again.
    rerender({ key: 'design-2', ready: false });
    rerender({ key: 'design-2', ready: true });
    await waitFor(() => expect(timingCalls()).toHaveLength(2));
  });

  it('reports the first screen for a signed-in page, nothing signed out', async () => {
    reportFirstScreen();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(timingCalls()).toHaveLength(0);
    await signInHere(await newAccount('Ada'));
    reportFirstScreen();
    await waitFor(() => expect(timingCalls()).toHaveLength(1));
    expect(timingCalls()[0].body).toMatchObject({ name: 'first_screen' });
  });
});
