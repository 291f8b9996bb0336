import { randomUUID } from 'node:crypto';
import type { TeamRole } from '@ferry/shared';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/account/passwords.js';
import { issueSession } from '../modules/account/sessions.js';
import { users } from '../modules/account/tables.js';
import { teamMembers, teams } from '../modules/teams/tables.js';

export const DEFAULT_PASSWORD = 'Ferry-pass1';

/** scrypt at full cost takes a while: each distinct password is hashed once per test file. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export interface BuiltUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export async function buildUser(
  ctx: AppContext,
  overrides: { email?: string; password?: string; name?: string; status?: string } = {},
): Promise<BuiltUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const [row] = await ctx.db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? `User${Math.floor(Math.random() * 1e6)}`,
      color: '#4A90E2',
      passwordHash: await hashOnce(password),
      status: overrides.status ?? 'active',
    })
    .returning({ id: users.id });
  return { id: row.id, email, password, token: await issueSession(ctx.db, row.id) };
}

export interface BuiltTeam {
  id: string;
  name: string;
  owner: BuiltUser;
}

/** A team with its super admin (built when not given). */
export async function buildTeam(
  ctx: AppContext,
  options: { owner?: BuiltUser; name?: string } = {},
): Promise<BuiltTeam> {
  const owner = options.owner ?? (await buildUser(ctx));
  const name = options.name ?? `Team${Math.floor(Math.random() * 1e6)}`;
  const [team] = await ctx.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
  await ctx.db.insert(teamMembers).values({ teamId: team.id, userId: owner.id, role: 'superadmin' });
  return { id: team.id, name, owner };
}

/** Adds a user (built when not given) to a team with a role. */
export async function addMember(
  ctx: AppContext,
  team: BuiltTeam,
  role: TeamRole,
  user?: BuiltUser,
): Promise<BuiltUser> {
  const member = user ?? (await buildUser(ctx));
  await ctx.db.insert(teamMembers).values({ teamId: team.id, userId: member.id, role });
  return member;
}
