import { expect } from 'vitest';
import { abilitiesOf, type Caller, projectRoleOf, type Row } from './project-matrix.js';

/** What the project matrix's rows send: the caller's team and project, as a body or a query. */
export const projectRef = ({ ids }: Caller) => ({ team_id: ids.teamId, project_id: ids.projectId });
export const projectQuery = ({ ids }: Caller) => `team_id=${ids.teamId}&project_id=${ids.projectId}`;

/** A card as the caller must see it: their project role and the abilities of their cell. */
export function expectCard(card: any, caller: Parameters<NonNullable<Row['check']>>[1]) {
  expect(card).toMatchObject({ id: caller.ids.projectId, project_role: projectRoleOf(caller.cell) });
  expect(card.abilities).toEqual(abilitiesOf(caller.cell));
}
