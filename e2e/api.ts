import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { policyForm, type Uptoken } from '../apps/server/src/test/uploads.js';

/** Browser tests that set up their data through the real API of a running server. */
export interface Session {
  token: string;
  userId: string;
}

export function apiClient(baseUrl: string) {
  const authorization = (session: Session | null): Record<string, string> =>
    session ? { Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}` } : {};

  /** One call; answers the envelope's payload and fails the test on any other code. */
  async function call<T>(session: Session | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...authorization(session) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: string; msg: string; result?: T; data?: T };
    if (envelope.code !== '00000') throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
    return (envelope.result ?? envelope.data) as T;
  }

  async function register(name: string, stamp: number): Promise<Session> {
    const answer = await call<{ token: string; user: { id: string } }>(null, 'POST', 'account/register', {
      email: `${name.toLowerCase()}-${stamp}@example.com`,
      name,
      password: 'Team-pass1',
    });
    return { token: answer.token, userId: answer.user.id };
  }

  /**
   * The browser's two-step upload (spec 001 §4): GET oss/token, the file posted as a multipart form to the
   * storage endpoint the token names, then POST project/image registers the files as designs.
   */
  async function uploadDesigns(
    session: Session,
    ids: { teamId: string; projectId: string },
    files: { name: string; data: Buffer }[],
  ): Promise<{ id: string; name: string }[]> {
    const images = [];
    for (const file of files)
      images.push({ key: await storeFile(session, ids.teamId, file), name: file.name });
    const answer = await call<{ images: { id: string; name: string }[] }>(session, 'POST', 'project/image', {
      team_id: ids.teamId,
      project_id: ids.projectId,
      images,
    });
    return answer.images;
  }

  /** A file posted to the storage endpoint an upload token names, as the browser does; answers its key. */
  async function storeFile(session: Session, teamId: string, file: { name: string; data: Buffer }) {
    const { uptoken } = await call<{ uptoken: Uptoken }>(session, 'GET', `oss/token?team_id=${teamId}`);
    const extension = /\.[A-Za-z0-9]+$/.exec(file.name)?.[0] ?? '';
    const key = `${uptoken.dir}${randomUUID()}${extension}`;
    const form = policyForm(
      { key, policy: uptoken.policy, OSSAccessKeyId: uptoken.accessid, signature: uptoken.signature },
      file,
    );
    const response = await fetch(new URL(uptoken.host, baseUrl), {
      method: 'POST',
      headers: form.headers,
      body: form.payload,
    });
    if (response.status !== 200 && response.status !== 204)
      throw new Error(`upload of ${file.name}: HTTP ${response.status} ${await response.text()}`);
    return key;
  }

  /** A new version of a design (spec 001 §4 "Versions"): the file stored, then PUT project/version. */
  async function uploadVersion(
    session: Session,
    ids: { teamId: string; projectId: string; imageId: string },
    file: { name: string; data: Buffer },
  ) {
    const key = await storeFile(session, ids.teamId, file);
    await call(session, 'PUT', 'project/version', {
      team_id: ids.teamId,
      project_id: ids.projectId,
      image_ids: [ids.imageId],
      images: [{ key }],
    });
  }

  /** A new team of `session` with one project in it. */
  async function teamWithProject(
    session: Session,
    teamName: string,
    project: { name: string; type: string },
  ) {
    const teamId = (await call<{ id: string }>(session, 'POST', 'account/team', { name: teamName })).id;
    const { project_id: projectId } = await call<{ project_id: string }>(
      session,
      'POST',
      'project/project_info',
      {
        team_id: teamId,
        ...project,
      },
    );
    return { teamId, projectId };
  }

  /** A new user who joins the team by the invitation link the owner makes for `role`. */
  async function joinedMember(owner: Session, teamId: string, role: string, name: string, stamp: number) {
    const link = await call<{ inviteSign: string; time: number; token: string }>(
      owner,
      'GET',
      `account/team_invite_link?team_id=${teamId}&role=${role}`,
    );
    const member = await register(name, stamp);
    await call(member, 'POST', 'account/join_by_link', {
      inviteSign: link.inviteSign,
      time: link.time,
      token: link.token,
    });
    return member;
  }

  /** A page already signed in as `session` (the token and user id the app keeps locally). */
  async function signedInPage(
    browser: Browser,
    session: Session,
    viewport = { width: 1280, height: 900 },
  ): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    await context.addInitScript(
      ([token, userId]) => {
        if (!window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('user_id', userId);
        }
      },
      [session.token, session.userId],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** Waits until the design's newest version is drawn and, with `layers`, its layers are imported. */
  async function waitForDesign(
    session: Session,
    ids: { teamId: string; projectId: string; imageId: string },
    layers = true,
  ) {
    for (let attempt = 0; attempt < 160; attempt++) {
      const image = await call<{ versions: { status: string; layers_status: string }[] }>(
        session,
        'GET',
        `project/image?image_id=${ids.imageId}&project_id=${ids.projectId}&team_id=${ids.teamId}`,
      );
      const version = image.versions[0];
      if (version?.status === 'failed' || (layers && version?.layers_status === 'failed'))
        throw new Error('the design failed');
      if (version?.status === 'ready' && (!layers || version.layers_status === 'ready')) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the design was not ready in time');
  }

  return {
    call,
    register,
    uploadDesigns,
    uploadVersion,
    teamWithProject,
    joinedMember,
    signedInPage,
    waitForDesign,
  };
}
