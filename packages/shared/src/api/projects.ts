import { z } from 'zod';
import type { TeamRole } from '../permissions.js';
import { int32Schema, nameSchema, pageNumberSchema, pageSizeSchema, textSchema } from '../validation.js';

/** Projects, folders, groups and project members (spec 001 §2–§9). */
const id = z.string().min(1);
const optionalFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');
const page = { pageNo: pageNumberSchema, pageSize: pageSizeSchema(100) };

export const PROJECT_TYPES = ['mobile', 'web', 'dsm'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TABS = ['all', 'use', 'update', 'join'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];
/** Permission mode A: only the team role counts; B: the project role counts too (spec 000 §6). */
export const PERMISSION_MODES = ['A', 'B'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];
export const DOWNLOAD_TYPES = ['all', 'members', 'specified', 'none'] as const;

/** Operation codes attached to project create, update/move and delete calls (spec 001 §7). */
export const ProjectOperation = { create: '10012', update: '10028', delete: '10032' } as const;
export const DEFAULT_PROJECT_NAME = '未命名';
export const ROOT_FOLDER_NAME = '全部项目';
export const rootFolderId = (teamId: string) => `teamFolder-${teamId}`;
export const FOLDER_DEPTH_LIMIT = 20;
export const FOLDER_DEPTH_UI = 3;

/** Project background palette: a known colour maps to its theme; anything else is the default (spec 001 §3). */
export const BACKGROUND_THEMES: Record<string, string> = {
  'rgba(240,242,245,1)': 'default',
  'rgba(255,255,255,1)': 'white',
  'rgba(30,32,37,1)': 'dark',
  'rgba(232,243,255,1)': 'blue',
  'rgba(232,255,234,1)': 'green',
  'rgba(255,247,232,1)': 'orange',
};

export const projectListQuery = z.object({
  team_id: id,
  folder_id: z.string().optional(),
  group_id: z.string().optional(),
  tab: z.enum(PROJECT_TABS).default('all'),
  /** Only projects of this type: the "design specs" node of the folder tree lists the dsm projects. */
  type: z.enum(PROJECT_TYPES).optional(),
  /** default_order | name_order | time_order, each asc or desc (the order saved as item_order). */
  default_order: z.enum(['asc', 'desc']).optional(),
  name_order: z.enum(['asc', 'desc']).optional(),
  time_order: z.enum(['asc', 'desc']).optional(),
  ...page,
});

export const createProjectBody = z.object({
  team_id: id,
  name: nameSchema.optional(),
  type: z.enum(PROJECT_TYPES).default('mobile'),
  folder_id: z.string().nullish(),
  order_index: int32Schema.optional(),
});
export const updateProjectBody = z.object({
  team_id: id,
  project_id: id,
  name: nameSchema.optional(),
  permission_mode: z.enum(PERMISSION_MODES).optional(),
});
export const deleteProjectBody = z.object({ team_id: id, project_id: id, p_name: z.string() });
export const projectRef = z.object({ team_id: id, project_id: id });
export const backgroundBody = projectRef.extend({ background: z.string().max(64) });
export const orderBody = z.object({ team_id: id, project_ids: z.array(id).min(1).max(10_000) });
export const moveProjectBody = z.object({
  team_id: id,
  project_ids: z.array(id).min(1).max(1000),
  folder_id: z.string().nullable(),
});
export const repeatedNameQuery = z.object({
  team_id: id,
  name: z.string(),
  project_id: z.string().optional(),
});
export const searchQuery = z.object({ team_id: id, keyword: textSchema.trim().min(1).max(100), ...page });

export const projectRoleValue = z.enum(['admin', 'member', 'onlooker']);
export const addProjectMembersBody = projectRef.extend({
  user_ids: z.array(id).min(1).max(200),
  role: projectRoleValue.default('member'),
});
/** `code` is the project role, as the spec's call names it; `role` is accepted too. */
export const projectRoleBody = projectRef.extend({
  user_id: id,
  code: projectRoleValue.optional(),
  role: projectRoleValue.optional(),
  permission_mode: z.enum(PERMISSION_MODES).optional(),
});
export const removeProjectMemberBody = projectRef.extend({ user_id: id });
export const downloadSettingBody = z.object({
  project_id: id,
  download_type: z.enum(DOWNLOAD_TYPES),
  user_ids: z.array(id).max(500).default([]),
});

export const folderQuery = z.object({
  team_id: id,
  folder_id: z.string().optional(),
  all_folder: optionalFlag,
});
export const createFolderBody = z.object({ team_id: id, name: nameSchema, parent_id: z.string().nullish() });
export const updateFolderBody = z.object({
  team_id: id,
  folder_id: id,
  name: nameSchema.optional(),
  parent_id: z.string().nullish(),
});
export const deleteFolderBody = z.object({ team_id: id, folder_id: id });
export const folderOrderBody = z.object({ team_id: id, folder_ids: z.array(id).min(1).max(1000) });
export const folderProjectsQuery = z.object({
  team_id: id,
  folder_id: z.string().optional(),
  default_order: z.enum(['asc', 'desc']).default('desc'),
  ...page,
});

export const createGroupBody = z.object({
  team_id: id,
  name: nameSchema,
  project_ids: z.array(id).max(1000).default([]),
});
export const updateGroupBody = z.object({
  team_id: id,
  group_id: id,
  name: nameSchema.optional(),
  order: int32Schema.optional(),
  add_projects: z.array(id).max(1000).default([]),
  rm_projects: z.array(id).max(1000).default([]),
});
export const deleteGroupBody = z.object({ team_id: id, group_id: id });

export interface ProjectAbilities {
  can_view: boolean;
  can_edit: boolean;
  /** Settings, members, permission mode. */
  can_manage: boolean;
  can_delete: boolean;
}

export interface ProjectCard {
  id: string;
  project_id: string;
  name: string;
  type: ProjectType;
  /** The project's own cover (project settings), signed; '' when none was set. */
  cover: string;
  /**
   * Lists only: the cover-size picture (480×360) of the project's latest ready design, signed, for a card
   * whose project has no cover of its own; '' when it has one or has no ready design.
   */
  design_cover?: string;
  background: string;
  theme: string;
  create_time: string;
  update_time: string;
  order_index: number;
  folder_id: string | null;
  team_id: string;
  permission_mode: PermissionMode;
  /** The caller's project role: admin, member, onlooker, or null when they only see it through the team. */
  project_role: 'admin' | 'member' | 'onlooker' | null;
  abilities: ProjectAbilities;
  /** Only when one project is opened (spec 001 §3, the detailed form): how its stage is ordered. */
  order_type?: 'default' | 'name' | 'time' | 'custom';
  sector_ids?: string[];
}

export interface FolderNode {
  id: string;
  folder_id: string;
  name: string;
  order: number;
  parentId: string | null;
  depth: number;
  visibleProjectLength: number;
  allProjectLength: number;
  folders: FolderNode[];
}

export interface ProjectMember {
  user_id: string;
  name: string;
  email: string;
  color: string;
  remark: string;
  team_role: TeamRole;
  project_role: 'admin' | 'member' | 'onlooker';
  /** True for the super admin, who is in every project without being added. */
  automatic: boolean;
  abilities: { can_change_role: boolean; can_remove: boolean };
}
