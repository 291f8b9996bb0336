import type { SectionView } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { asUser } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import { designs } from '../designs/tables.js';

/** Helpers of the stage tests: projects, designs made straight in the table, the arrangement as text. */

type Api = ReturnType<typeof asUser>;

export async function newProject(api: Api, teamId: string): Promise<string> {
  const created = await api.post('/api/project/project_info', { team_id: teamId });
  expect(created.code, created.msg).toBe('00000');
  return created.result.id as string;
}

/**
 * Designs in upload order a minute apart, made in the table (the stage is under test, not the upload).
 * Answers their ids by name.
 */
export async function seedDesigns(
  server: TestServer,
  projectId: string,
  names: string[],
): Promise<Record<string, string>> {
  const start = Date.now() - names.length * 60_000;
  const rows = await server.ctx.db
    .insert(designs)
    .values(
      names.map((name, index) => ({
        projectId,
        name,
        orderIndex: index + 1,
        createdAt: new Date(start + index * 60_000),
      })),
    )
    .returning({ id: designs.id, name: designs.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

export async function projectSectors(api: Api, projectId: string) {
  const answer = await api.get(`/api/project/project_sectors?project_id=${projectId}`);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result as { sectors: SectionView[]; stage_revision: number };
}

/** The arrangement as lines of `section: design names`, sub-sections after their parent with `- `. */
export async function layoutOf(server: TestServer, api: Api, projectId: string): Promise<string[]> {
  const { sectors } = await projectSectors(api, projectId);
  const rows = await server.ctx.db.select().from(designs).where(eq(designs.projectId, projectId));
  const names = new Map(rows.map((design) => [design.id, design.name]));
  const lines: string[] = [];
  const walk = (view: SectionView, prefix: string) => {
    lines.push(`${prefix}${view.name}: ${view.image_ids.map((id) => names.get(id)).join(' ')}`.trim());
    for (const child of view.children) walk(child, `${prefix}- `);
  };
  for (const view of sectors) walk(view, '');
  return lines;
}
