import { inject } from 'vitest';
import { createProject, uploadDesign } from '../../../test/seed';
import { callAs, createTeam, newAccount, nodeFetch, type SeededUser, unique } from '../../../test/server';

/** The demo tests' projects: designs drawn (1 × 1 pixel each) and hotspots between them, through the API. */

/** A hotspot over the whole of a 1 × 1 design. */
const WHOLE = { p_x: 0, p_y: 0, p_w: 1, p_h: 1 };

export interface DemoFlow {
  olga: SeededUser;
  teamId: string;
  projectId: string;
  /** Design ids by name. */
  ids: Record<string, string>;
}

async function drawDesigns(teamId: string) {
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId }),
  });
  if (!response.ok) throw new Error(`draw for ${teamId}: ${await response.text()}`);
}

/**
 * Olga's project with designs uploaded in the order given, then hotspots `[from, to]` between them (`to` a
 * design's name or `back`).
 */
export async function demoFlow(names: string[], links: [string, string][]): Promise<DemoFlow> {
  const olga = await newAccount('Olga');
  const team = await createTeam(olga, unique('Alpha'));
  const projectId = await createProject(olga, team.id, unique('App'));
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = await uploadDesign(olga, team.id, projectId, `${name}.png`);
  await drawDesigns(team.id);
  if (links.length)
    await callAs(olga, 'POST', 'project/prototype', {
      team_id: team.id,
      project_id: projectId,
      positions: links.map(([from, to]) => ({ image_id: ids[from], next_image: ids[to] ?? to, ...WHOLE })),
    });
  return { olga, teamId: team.id, projectId, ids };
}
