import { z } from 'zod';
import { Limits } from '../limits.js';
import type { TeamRole } from '../permissions.js';
import { emailSchema, int32Schema, nameSchema, textSchema } from '../validation.js';

/** Request bodies and answers of the team calls of issue "Teams" (spec 000 §3–§7, 002 §3). */
const id = z.string().min(1);
const assignableRole = z.enum(['admin', 'member', 'onlooker']);

export const teamUsersQuery = z.object({
  team_id: id,
  keyword: textSchema.max(100).optional().default(''),
  page_num: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(Limits.teamUserPageSize),
  department_id: z.string().optional(),
});
export const changeRoleBody = z.object({ team_id: id, user_id: id, role: assignableRole });
export const removeMemberBody = z.object({ team_id: id, user_id: id });

/** A query-string flag: "true" / "1" are on; anything else, or nothing, is off. */
const queryFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');
export const inviteLinkQuery = z.object({
  team_id: id,
  role: assignableRole.default('onlooker'),
  review: queryFlag,
});
export const inviteParams = z.object({
  inviteSign: z.string().min(1),
  time: z.coerce.number().int(),
  token: z.string().min(1),
});
export const inviteMemberBody = z.object({
  team_id: id,
  emails: z.array(emailSchema).min(1).max(20),
  role: assignableRole.default('member'),
});
export const inviteMessageBody = z.object({ team_id: id, invite_id: id });

export const realNameSchema = textSchema
  .trim()
  .min(1, { message: 'realName.required' })
  .max(Limits.realNameMaxLength, { message: 'realName.length' });
export const applyBody = inviteParams.extend({
  real_name: realNameSchema,
  reason: textSchema.max(200).default(''),
});
export const handleApplyBody = z.object({ team_id: id, apply_id: id, state: z.enum(['agreed', 'refused']) });

export const departmentCreateBody = z.object({
  team_id: id,
  name: nameSchema.optional(),
  order_index: int32Schema.optional(),
});
export const departmentUpdateBody = z.object({
  team_id: id,
  departments: z
    .array(
      z.object({
        department_id: id,
        name: nameSchema.optional(),
        order_index: int32Schema.optional(),
        add_users: z.array(id).default([]),
        rm_users: z.array(id).default([]),
      }),
    )
    .min(1)
    .max(100),
});
export const departmentDeleteBody = z.object({ team_id: id, department_id: id });

export const nicknameBody = z.object({
  team_id: id,
  user_id: id,
  nickname: textSchema.trim().max(Limits.nameMaxLength),
});
export const exitTeamBody = z.object({ team_id: id });
export const transferBody = z.object({ team_id: id, user_id: id });
/** The password is an RSA-OAEP ciphertext, as on the passport calls. */
export const dissolveBody = z.object({ team_id: id, name: z.string(), password: z.string().min(1) });
export const mergeBody = z.object({ team_id: id, target_team_id: id });

export interface MemberAbilities {
  can_change_role: boolean;
  can_remove: boolean;
  /** Roles the caller may give this member (always below the caller's own). */
  assignable_roles: TeamRole[];
  can_set_nickname: boolean;
}

export interface TeamMember {
  user_id: string;
  name: string;
  email: string;
  avatar: string;
  color: string;
  remark: string;
  role: { type: TeamRole; name: string };
  department: { id: string; name: string } | null;
  joined_at: string;
  abilities: MemberAbilities;
}

export interface Page<T> {
  list: T[];
  total: number;
  page_num: number;
  page_size: number;
  has_next: boolean;
}

export interface InviteInfo {
  team: { id: string; name: string; member_count: number; avatar: string };
  inviter: { name: string; avatar: string; color: string };
  role: TeamRole;
  review: boolean;
  expires_at: string;
  /** For a signed-in visitor: already a member, or an application waiting. */
  viewer: { is_member: boolean; apply_state: 'pending' | 'agreed' | 'refused' | null } | null;
}

export interface TeamApply {
  id: string;
  team_id: string;
  team_name: string;
  user: { id: string; name: string; email: string; color: string };
  real_name: string;
  reason: string;
  role: TeamRole;
  state: 'pending' | 'agreed' | 'refused';
  create_time: string;
  handled_time: string | null;
}

export interface Department {
  id: string;
  name: string;
  type: 'normal' | 'ungrouped';
  order_index: number;
  user_count: number;
  users: { user_id: string; name: string; color: string }[];
}

export interface TeamQuota {
  hard_limit_cnt: number;
  cur_cnt: number;
  project_max: number;
  project_curt: number;
  member_max: number;
  member_curt: number;
  package_level: number;
  edition_plan: number;
}
