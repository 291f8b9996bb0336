import type { ShareResolution, ShareVisit } from '@ferry/shared';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { setVisitorToken } from '../../api/client';
import { isApiError } from '../../api/errors';
import { searchKeys } from '../../api/search';
import { shareVisitApi, storedVisit, storeVisit } from '../../api/shareVisit';
import { queryClient } from '../../queryClient';
import { detailPath, stagePath } from '../stage/paths';
import { ShareFrame } from './ShareFrame';
import { SharePassword } from './SharePassword';
import {
  INVALID_REASONS,
  type ShareVisitor,
  ShareVisitorContext,
  shareDetailPath,
  shareInvalidPath,
  shareStagePath,
} from './visitorContext';

type Gate =
  | { kind: 'loading' }
  | { kind: 'password'; resolution: ShareResolution }
  | { kind: 'open'; resolution: ShareResolution; visit: ShareVisit }
  | { kind: 'failed'; message: string };

/** The refusals of opening a link that say it is gone, with the reason /shareInvalid shows. */
const GONE: Record<string, string> = Object.fromEntries(
  Object.entries(INVALID_REASONS).map(([reason, entry]) => [entry.code, reason]),
);
/** Visits that may end while one page is open (each a day long): past this the link is taken as revoked. */
const MAX_REOPENS = 3;

/** Where a member who sees the project finds the link's content in the app: one design's detail, or the stage. */
function memberPath(resolution: ShareResolution): string | null {
  const member = resolution.member;
  if (!member) return null;
  const [only] = member.design_ids;
  if (resolution.scope === 'design' && only)
    return detailPath(member.team_id, member.project_id, only, member.version_id ?? undefined);
  return stagePath(member.team_id, member.project_id);
}

const projectKey = (visit: ShareVisit) => ['team', visit.team_id, 'project', visit.project_id];

/**
 * /share/<code>: reads the link's state, asks for its password when it has one, opens it, and shows its
 * content (the routes below) as its visitor: the visitor's token replaces the session's for every call while
 * this page is open. A visit that ends (link revoked or expired, the token's day over) reads the state again.
 */
export function ShareGate() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const atStage = location.pathname === shareStagePath(code);
  const atStageRef = useRef(atStage);
  atStageRef.current = atStage;
  const [gate, setGate] = useState<Gate>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reopens = useRef(0);

  const gone = useCallback(
    (reason: string) => {
      storeVisit(code, null);
      navigate(shareInvalidPath(reason), { replace: true });
    },
    [code, navigate],
  );

  const open = useCallback(
    (resolution: ShareResolution, visit: ShareVisit, fresh: boolean) => {
      storeVisit(code, visit);
      let ended = false;
      setVisitorToken(visit.token, () => {
        // Every call in flight may end the same way: one new round.
        if (ended) return;
        ended = true;
        setVisitorToken(null);
        if (++reopens.current > MAX_REOPENS) return gone('revoked');
        storeVisit(code, null);
        setGate({ kind: 'loading' });
        setRound((n) => n + 1);
      });
      // A link to one design opens on it (before the stage could show).
      if (fresh && visit.scope === 'design' && visit.design_ids[0] && atStageRef.current)
        navigate(shareDetailPath(code, visit.design_ids[0]), { replace: true });
      setGate({ kind: 'open', resolution, visit });
    },
    [code, navigate, gone],
  );

  const refused = useCallback(
    (error: unknown) => {
      const reason = isApiError(error) ? GONE[error.code] : undefined;
      if (reason) gone(reason);
      else setGate({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    },
    [gone],
  );

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      // The state is read with the session (a member is sent into the app), never as a visitor.
      setVisitorToken(null);
      const resolution = await shareVisitApi.resolve(code);
      if (cancelled) return;
      if (resolution.state in INVALID_REASONS) return gone(resolution.state);
      const inApp = memberPath(resolution);
      if (inApp) {
        storeVisit(code, null);
        return navigate(inApp, { replace: true });
      }
      const kept = storedVisit(code);
      if (kept) return open(resolution, kept, round === 0);
      if (resolution.state === 'password') return setGate({ kind: 'password', resolution });
      const visit = await shareVisitApi.open(code);
      if (!cancelled) open(resolution, visit, round === 0);
    };
    run().catch((error: unknown) => {
      if (!cancelled) refused(error);
    });
    return () => {
      cancelled = true;
    };
  }, [code, round, gone, navigate, open, refused]);

  // Leaving the link: back to the session's own calls, and the visitor's answers forgotten.
  const openVisit = gate.kind === 'open' ? gate.visit : null;
  const names = gate.kind === 'open' ? gate.resolution : null;
  useEffect(() => {
    if (!openVisit) return;
    return () => {
      setVisitorToken(null);
      queryClient.removeQueries({ queryKey: projectKey(openVisit) });
      queryClient.removeQueries({ queryKey: searchKeys.all(openVisit.team_id) });
    };
  }, [openVisit]);

  const visitor = useMemo<ShareVisitor | null>(
    () =>
      openVisit
        ? {
            code,
            teamId: openVisit.team_id,
            projectId: openVisit.project_id,
            scope: openVisit.scope,
            rights: openVisit.rights,
            teamName: names?.team_name ?? '',
            projectName: names?.project_name ?? '',
            linkName: names?.name ?? '',
            stagePath: shareStagePath(code),
            detailPath: (imageId) => shareDetailPath(code, imageId),
          }
        : null,
    [code, openVisit, names],
  );

  if (gate.kind === 'password')
    return (
      <SharePassword
        code={code}
        resolution={gate.resolution}
        onOpened={(visit) => open(gate.resolution, visit, true)}
        onRefused={refused}
      />
    );
  if (gate.kind === 'failed')
    return (
      <ShareFrame testId="share-failed">
        <Result
          status="error"
          title={t('shareVisit.failed')}
          subTitle={gate.message}
          extra={
            <Button type="primary" onClick={() => setRound((n) => n + 1)} data-testid="share-retry">
              {t('shareVisit.retry')}
            </Button>
          }
        />
      </ShareFrame>
    );
  if (gate.kind === 'loading' || !visitor)
    return (
      <div className="share-loading" data-testid="share-loading">
        <Spin size="large" />
        <span>{t('shareVisit.loading')}</span>
      </div>
    );
  return (
    <ShareVisitorContext.Provider value={visitor}>
      <Outlet />
    </ShareVisitorContext.Provider>
  );
}
