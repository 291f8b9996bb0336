import '../test/setup';
import type { FeatureSwitches, PublicConfiguration } from '@ferry/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../queryClient';
import { ok } from '../test/http';
import { createTeam, newAccount, replaceAnswers, signInHere, unique, useRealServer } from '../test/server';
import { FIRST_PAINT_SWITCHES, useFeature, useSwitches } from './features';

const seen = useRealServer();
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('feature switches read from the configuration calls', () => {
  it("signed out: the server's switches, the constants only until they arrive", async () => {
    const switches: FeatureSwitches = { ...FIRST_PAINT_SWITCHES, documents: true, axure_prototypes: false };
    const configuration: PublicConfiguration = {
      edition: 'saas',
      maintenance: null,
      switches,
      support_email: null,
    };
    replaceAnswers((req) => (req.path === '/api/common/configuration' ? ok(configuration) : null));
    const { result } = renderHook(() => useFeature('documents'), { wrapper });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(seen.filter((req) => req.path === '/api/common/configuration')).toHaveLength(1);
    expect(seen.some((req) => req.path === '/api/account/global_config')).toBe(false);
  });

  it("signed in: the active team's switches from the real server, cached across readers", async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    const { result } = renderHook(() => [useSwitches(), useSwitches()], { wrapper });
    await waitFor(() => expect(seen.some((req) => req.path === '/api/account/global_config')).toBe(true));
    const call = seen.find((req) => req.path === '/api/account/global_config');
    expect(call?.query.get('id')).toBe(team.id);
    // The real server's answer: a free team has no watermark; guides are on by default.
    await waitFor(() => expect(result.current[0]).toMatchObject({ watermark: false, guides: true }));
    expect(seen.filter((req) => req.path === '/api/account/global_config')).toHaveLength(1);
  });
});
