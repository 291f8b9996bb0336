import { Codes, DocumentLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/context.js';
import { newProject, OK, type World } from '../comments/fixtures.js';
import { added, listOf, samplePdf, startDocumentsWorld } from './fixtures.js';

/** Product document groups (spec 001 §3, §5): names, order, deletion keeping documents, moving documents. */

let server: TestServer;
let world: World;

beforeAll(async () => {
  ({ server, world } = await startDocumentsWorld());
});
afterAll(() => server.close());

const groupUrl = '/api/project/product_document_group';
const sourceUrl = '/api/project/product_group/source';
const scope = (projectId: string) => ({ team_id: world.team.id, project_id: projectId });

async function createdGroup(projectId: string, name: string) {
  const answer = await world.member.api.post(groupUrl, { ...scope(projectId), name });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.group_id as string;
}

const pdf = (name: string) => ({ name: `${name}.pdf`, data: samplePdf });

describe('groups', () => {
  it('creates, renames, orders and deletes groups; deleting keeps the documents, ungrouped', async () => {
    const project = await newProject(world);
    const created = await world.member.api.post(groupUrl, { ...scope(project), name: '  Specs  ' });
    expect(created.code, created.msg).toBe(OK);
    expect(created.result).toMatchObject({ name: 'Specs', order: 1, resources: [] });
    const specs = created.result.group_id;
    const notes = await createdGroup(project, 'Notes');
    const drafts = await createdGroup(project, 'Drafts');

    const renamed = await world.member.api.put(groupUrl, {
      ...scope(project),
      group_id: notes,
      name: 'Minutes',
    });
    expect(renamed.result).toMatchObject({ name: 'Minutes', order: 2 });
    const moved = await world.member.api.put(groupUrl, { ...scope(project), group_id: drafts, order: 1 });
    expect(moved.code, moved.msg).toBe(OK);
    let list = await listOf(world, world.viewer, project);
    expect(list.groups.map((group) => [group.name, group.order])).toEqual([
      ['Drafts', 1],
      ['Specs', 2],
      ['Minutes', 3],
    ]);

    const first = await added(world, world.member, project, pdf('First'), { group_id: specs });
    const second = await added(world, world.member, project, pdf('Second'), { group_id: specs });
    await added(world, world.member, project, pdf('Loose'));
    const gone = await world.member.api.delete(groupUrl, { ...scope(project), group_id: specs });
    expect(gone.code, gone.msg).toBe(OK);
    list = await listOf(world, world.viewer, project);
    expect(list.groups.map((group) => [group.name, group.order])).toEqual([
      ['Drafts', 1],
      ['Minutes', 2],
    ]);
    expect(list.ungrouped.map((doc) => [doc.name, doc.order, doc.group_id])).toEqual([
      ['Loose', 1, null],
      ['First', 2, null],
      ['Second', 3, null],
    ]);
    expect(list.ungrouped.map((doc) => doc.id)).toContain(first.id);
    expect(list.ungrouped.map((doc) => doc.id)).toContain(second.id);
  });

  it('refuses empty (10193), long (10194), duplicate (10195) names and more than the limit (10196)', async () => {
    const project = await newProject(world);
    const create = (name: string) => world.member.api.post(groupUrl, { ...scope(project), name });
    expect((await create('   ')).code).toBe(Codes.PRODUCT_GROUP_NAME_EMPTY.code);
    expect((await create('n'.repeat(DocumentLimits.groupNameMaxLength + 1))).code).toBe(
      Codes.PRODUCT_GROUP_NAME_TOO_LONG.code,
    );
    await createdGroup(project, 'n'.repeat(DocumentLimits.groupNameMaxLength));
    await createdGroup(project, 'Specs');
    expect((await create(' Specs ')).code).toBe(Codes.PRODUCT_GROUP_NAME_EXISTS.code);
    const other = await createdGroup(project, 'Other');
    const rename = await world.member.api.put(groupUrl, {
      ...scope(project),
      group_id: other,
      name: 'Specs',
    });
    expect(rename.code).toBe(Codes.PRODUCT_GROUP_NAME_EXISTS.code);
    for (let n = 3; n < DocumentLimits.groupsPerProject; n++) await createdGroup(project, `G${n}`);
    expect((await create('One too many')).code).toBe(Codes.TEAM_CANNOT_ADD_GROUPS.code);
    expect((await listOf(world, world.owner, project)).groups).toHaveLength(DocumentLimits.groupsPerProject);
  });

  it('moves documents into a group (appended) and orders a group (listed first, the rest after)', async () => {
    const project = await newProject(world);
    const group = await createdGroup(project, 'Specs');
    const [a, b, c] = [
      await added(world, world.member, project, pdf('A')),
      await added(world, world.member, project, pdf('B')),
      await added(world, world.member, project, pdf('C')),
    ];
    const resources = (...ids: string[]) => ids.map((id) => ({ id, type: 'document' }));
    const into = await world.member.api.post(sourceUrl, {
      ...scope(project),
      group_id: group,
      resources: resources(b.id, a.id),
    });
    expect(into.code, into.msg).toBe(OK);
    expect(into.result.groups[0].resources.map((doc: { name: string }) => doc.name)).toEqual(['B', 'A']);
    expect(
      into.result.ungrouped.map((doc: { name: string; order: number }) => [doc.name, doc.order]),
    ).toEqual([['C', 1]]);
    const more = await world.member.api.post(sourceUrl, {
      ...scope(project),
      group_id: group,
      resources: resources(c.id),
    });
    expect(more.result.groups[0].resources.map((doc: { name: string }) => doc.name)).toEqual(['B', 'A', 'C']);
    const ordered = await world.member.api.put(sourceUrl, {
      ...scope(project),
      group_id: group,
      resources: resources(c.id, a.id),
    });
    expect(
      ordered.result.groups[0].resources.map((doc: { name: string; order: number }) => [doc.name, doc.order]),
    ).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    const out = await world.member.api.post(sourceUrl, {
      ...scope(project),
      group_id: '',
      resources: resources(a.id),
    });
    expect(out.result.ungrouped.map((doc: { name: string }) => doc.name)).toEqual(['A']);
    expect(
      out.result.groups[0].resources.map((doc: { name: string; order: number }) => [doc.name, doc.order]),
    ).toEqual([
      ['C', 1],
      ['B', 2],
    ]);
  });

  it('refuses other resource types (10197), big batches (10198), foreign documents (19106), unknown groups (19111)', async () => {
    const project = await newProject(world);
    const otherProject = await newProject(world);
    const group = await createdGroup(project, 'Specs');
    const mine = await added(world, world.member, project, pdf('Mine'));
    const theirs = await added(world, world.member, otherProject, pdf('Theirs'));
    const move = (body: Record<string, unknown>) =>
      world.member.api.post(sourceUrl, { ...scope(project), group_id: group, ...body });
    expect((await move({ resources: [{ id: mine.id, type: 'image' }] })).code).toBe(
      Codes.RESOURCE_TYPE_ERROR.code,
    );
    const many = Array.from({ length: DocumentLimits.batchMax + 1 }, () => ({
      id: mine.id,
      type: 'document',
    }));
    expect((await move({ resources: many })).code).toBe(Codes.BATCH_TOO_LARGE.code);
    expect((await move({ resources: [{ id: theirs.id, type: 'document' }] })).code).toBe(
      Codes.DOCUMENT_NOT_FOUND.code,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await move({ group_id: unknown, resources: [{ id: mine.id, type: 'document' }] })).code).toBe(
      Codes.DOCUMENT_GROUP_NOT_FOUND.code,
    );
    const otherGroup = await world.member.api.post(groupUrl, { ...scope(otherProject), name: 'Elsewhere' });
    expect(
      (
        await world.member.api.put(groupUrl, {
          ...scope(project),
          group_id: otherGroup.result.group_id,
          name: 'x',
        })
      ).code,
    ).toBe(Codes.DOCUMENT_GROUP_NOT_FOUND.code);
    expect((await world.member.api.delete(groupUrl, { ...scope(project), group_id: unknown })).code).toBe(
      Codes.DOCUMENT_GROUP_NOT_FOUND.code,
    );
    // Nothing moved.
    expect((await listOf(world, world.owner, project)).ungrouped.map((doc) => doc.id)).toEqual([mine.id]);
  });

  it('lets onlookers read but not change groups', async () => {
    const project = await newProject(world);
    const group = await createdGroup(project, 'Specs');
    expect((await world.viewer.api.post(groupUrl, { ...scope(project), name: 'Mine' })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await world.viewer.api.delete(groupUrl, { ...scope(project), group_id: group })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await listOf(world, world.viewer, project)).groups).toHaveLength(1);
  });
});
