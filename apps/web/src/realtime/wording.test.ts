import '../test/setup';
import type { LayerDiffSummary } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { callAs, newAccount, useRealServer } from '../test/server';
import { normaliseMessage } from './message';
import { type NoticeTemplates, renderNotice } from './wording';

useRealServer();

const counts = (more: Partial<LayerDiffSummary>): LayerDiffSummary => ({
  added: 0,
  removed: 0,
  moved: 0,
  resized: 0,
  renamed: 0,
  texts: 0,
  colours: 0,
  styles: 0,
  total: 0,
  ...more,
});

/** A new version's notice as the socket or the message centre carries it. */
const newVersion = (summary: LayerDiffSummary | null) =>
  normaliseMessage({
    method: 'updateImageVersion',
    content: 'Home',
    imageId: 'img-1',
    versionId: 'v-2',
    compare: { fromVersionId: 'v-1', toVersionId: 'v-2', summary },
  });

describe('a new version’s notice in words', () => {
  it('tells what changed since the version compared, in the reader’s language', async () => {
    const { templates } = await callAs<{ templates: NoticeTemplates }>(
      await newAccount('Ada'),
      'GET',
      'msg_center/templates',
    );
    const message = newVersion(counts({ texts: 3, colours: 1, total: 4 }));
    // The versions it compares are kept from the frame.
    expect(message.compare).toEqual({
      fromVersionId: 'v-1',
      toVersionId: 'v-2',
      summary: counts({ texts: 3, colours: 1, total: 4 }),
    });
    expect(renderNotice(message, 'en-US', templates)).toEqual({
      title: 'New design version',
      text: '"Home" has a new version: 3 texts, 1 colour changed',
    });
    expect(renderNotice(message, 'zh-CN', templates).text).toBe('「Home」有新版本：3 处文字、1 处颜色有变化');
    // Layers that could not be compared are said so, not left as a blank.
    expect(renderNotice(newVersion(null), 'en-US', templates).text).toBe(
      '"Home" has a new version: its layer changes could not be compared',
    );
  });
});
