import { Codes, PageLimits, ruleMessages } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../modules/projects/tables.js';
import { teams } from '../modules/teams/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam } from '../test/factories.js';

/**
 * The spec's clients ask for 9999, 999999 or 9999999 projects a page (spec 001 §7, §9). Those sizes are
 * accepted; the server answers at most its ceiling and has_next leads to the rest.
 */

const TOTAL = PageLimits.sizeCeiling + 1;
let server: TestServer;
let api: ReturnType<typeof asUser>;
let teamId: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await buildTeam(server.ctx);
  teamId = team.id;
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  await server.ctx.db.insert(projects).values(
    Array.from({ length: TOTAL }, (_, index) => ({
      teamId,
      name: `Paged ${index}`,
      createdBy: team.owner.id,
    })),
  );
  api = asUser(server.app, team.owner.token);
});
afterAll(() => server.close());

describe("the spec's page sizes", () => {
  it.each(['9999', '999999', '9999999'])(
    'pages the project list at the ceiling when %s are asked for',
    async (size) => {
      const first = await api.get(`/api/account/user_projects?team_id=${teamId}&pageNo=1&pageSize=${size}`);
      expect(first.code, first.msg).toBe(Codes.OK.code);
      expect(first.result).toMatchObject({ total: TOTAL, has_next: true, pageSize: PageLimits.sizeCeiling });
      expect(first.result.list).toHaveLength(PageLimits.sizeCeiling);
      const second = await api.get(`/api/account/user_projects?team_id=${teamId}&pageNo=2&pageSize=${size}`);
      expect(second.result).toMatchObject({ has_next: false });
      const seen = new Set(
        [...first.result.list, ...second.result.list].map((card: { id: string }) => card.id),
      );
      expect(seen.size).toBe(TOTAL);
    },
  );

  it('takes them on the folder projects and the project search too', async () => {
    const inFolder = await api.get(`/api/account/folder_projects?team_id=${teamId}&pageNo=1&pageSize=999999`);
    expect(inFolder.code, inFolder.msg).toBe(Codes.OK.code);
    expect(inFolder.result.list).toHaveLength(PageLimits.sizeCeiling);
    const found = await api.get(
      `/api/project/search_project?team_id=${teamId}&keyword=Paged&pageSize=9999999`,
    );
    expect(found.code, found.msg).toBe(Codes.OK.code);
    expect(found.result).toMatchObject({ total: TOTAL, has_next: true });
    expect(found.result.projects).toHaveLength(PageLimits.sizeCeiling);
  });

  it('refuses a size or page that is not a whole number from 1', async () => {
    for (const query of ['pageSize=0', 'pageSize=-5', 'pageSize=abc', `pageNo=${2 ** 40}`, 'pageNo=0']) {
      const answer = await api.get(`/api/account/user_projects?team_id=${teamId}&${query}`);
      expect(answer.code, query).toBe(Codes.INVALID_INPUT.code);
      expect(answer.msg, query).toBe(ruleMessages['page.range'].en);
    }
  });
});
