import { DesignLimits, type Uptoken } from '@ferry/shared';
import { vi } from 'vitest';
import { postToStorage, uploadExists, uploadsApi } from '../../../api/uploads';
import type { SeenRequest } from '../../../test/http';
import { type UploadItem, UploadQueue } from './queue';
import { createTokenCache } from './tokenCache';

/** What the upload queue's tests share: a token, files, the queue wired as the app wires it. */
export const NOW = Date.parse('2026-03-01T10:00:00Z');

export function uptoken(overrides: Partial<Uptoken> = {}): Uptoken {
  return {
    accessid: 'ferry-local',
    host: '/api/oss/upload',
    policy: 'cG9saWN5',
    signature: 'c2lnbmF0dXJl',
    dir: 'uploads/team-a/user-1/',
    expire: Math.floor(NOW / 1000) + 1800,
    bucket_name: 'ferry-designs',
    max_size: DesignLimits.designMaxBytes,
    cloud_type: 'local',
    fields: { OSSAccessKeyId: 'ferry-local', signature: 'c2lnbmF0dXJl' },
    ...overrides,
  };
}

export const file = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
export const keyOf = (post: { fields: [string, FormDataEntryValue][] }) =>
  String(post.fields.find(([name]) => name === 'key')?.[1]);

/** A queue wired as the app wires it (the real calls through a stubbed fetch and XMLHttpRequest). */
export function buildQueue(now = () => NOW) {
  const ref = { team_id: 'team-a', project_id: 'p-1' };
  const registered = vi.fn();
  let id = 0;
  const queue = new UploadQueue({
    teamId: 'team-a',
    tokens: createTokenCache(async (teamId) => (await uploadsApi.token(teamId)).uptoken, { now }),
    post: (token, key, upload, onProgress, signal) =>
      postToStorage(token, key, upload, { onProgress, signal }),
    exists: uploadExists,
    register: (images) => uploadsApi.register(ref, images),
    addVersion: (imageId, image) => uploadsApi.addVersions(ref, [imageId], [image]),
    lang: () => 'en-US',
    onRegistered: registered,
    newId: () => `id-${++id}`,
  });
  const notices: unknown[] = [];
  queue.onNotice((notice) => notices.push(notice));
  return { queue, registered, notices };
}

export const calls = (seen: SeenRequest[], path: string) => seen.filter((request) => request.path === path);
export const byName = (queue: UploadQueue, name: string) =>
  queue.getSnapshot().find((item) => item.name === name) as UploadItem;
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
