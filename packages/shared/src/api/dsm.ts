import { z } from 'zod';
import { DsmLimits } from '../limits.js';
import { type DesignToken, TOKEN_KINDS, type TokenKind, tokenNameSchema } from '../tokens.js';
import { textSchema } from '../validation.js';

/**
 * The design system (spec 001 §3, §7 "Design system"): a dsm project's library of folders and files
 * (components taken from designs, colours, text styles, icons, markdown pages) and its design tokens, which
 * projects link to see token names in their inspect view and code.
 */
const id = z.string().min(1).max(64);
const teamId = id.optional();

export const DSM_FILE_TYPES = ['component', 'color', 'text_style', 'icon', 'doc'] as const;
export type DsmFileType = (typeof DSM_FILE_TYPES)[number];
export const DSM_FOLDER_TYPES = ['mixed', ...DSM_FILE_TYPES] as const;
export type DsmFolderType = (typeof DSM_FOLDER_TYPES)[number];

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 1);

export const dsmNameSchema = textSchema
  .trim()
  .min(1, { message: 'name.required' })
  .max(DsmLimits.nameMaxLength, { message: 'dsm.nameLength' })
  .refine((value) => !/[\t\n\r]/.test(value), { message: 'text.control' });
const descriptionSchema = textSchema.max(DsmLimits.descriptionMaxLength, {
  message: 'dsm.descriptionLength',
});
const docSchema = z.string().max(DsmLimits.docMaxLength, { message: 'dsm.docLength' });
/** A free JSON object the spec names (layoutData, position, preview objects): kept as given, ≤ 64 KB. */
const jsonObject = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 65_536, { message: 'dsm.descriptionLength' });
const idList = z.array(id).min(1).max(DsmLimits.batchMax);

// ── Library ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET project/dsm_project`: without `project_id`, the team's dsm projects the caller sees (a list); with it,
 * that project with its `dsm_folders` and `dsm_files` (`info_type` folder or file answers only those).
 * 10007 for an id that is not a dsm project of the team.
 */
export const dsmProjectQuery = z.object({
  team_id: id,
  project_id: id.optional(),
  info_type: z.enum(['all', 'folder', 'file']).default('all'),
});

export const dsmFolderQuery = z.object({ team_id: teamId, project_id: id, folder_id: id, brief: flag });

const folderFields = {
  name: dsmNameSchema,
  type: z.enum(DSM_FOLDER_TYPES).optional(),
  dirType: z.union([z.literal(0), z.literal(1)]).optional(),
  desc: descriptionSchema.optional(),
  thumbnailRef: id.nullable().optional(),
  iconRef: id.nullable().optional(),
  coverRef: id.nullable().optional(),
  docRef: id.nullable().optional(),
  layoutData: jsonObject.nullable().optional(),
};

/** `POST project/dsm_folder`: folders made at once, each under `parentId` (null or absent: the top). */
export const createDsmFoldersBody = z.object({
  team_id: teamId,
  project_id: id,
  dsm_folders: z
    .array(z.object({ ...folderFields, parentId: id.nullable().optional() }))
    .min(1)
    .max(DsmLimits.batchMax),
});

/** `PUT project/dsm_folder`: any field; `parentId` moves it (null: to the top), `index` its 1-based place. */
export const updateDsmFolderBody = z.object({
  team_id: teamId,
  project_id: id,
  folder_id: id,
  ...folderFields,
  name: dsmNameSchema.optional(),
  parentId: id.nullable().optional(),
  index: z.number().int().min(1).optional(),
});
export type UpdateDsmFolderInput = z.infer<typeof updateDsmFolderBody>;

/** `DELETE project/dsm_folder`: the folders with everything inside them. */
export const deleteDsmFoldersBody = z.object({ team_id: teamId, project_id: id, dsm_folder_ids: idList });

export const dsmFileQuery = z.object({ team_id: teamId, project_id: id, file_id: id });

/** Where a component or icon comes from: a layer of a design version the caller may see. */
export const dsmHostObjectSchema = z.object({
  project_id: id,
  image_id: id,
  version_id: id.optional(),
  layer_id: z.string().min(1).max(500),
});

/**
 * `POST project/dsm_file`. A component or icon names its layer in `host_object` (its pictures are drawn
 * then); a colour's `package_info` is `{color: '#rrggbb[aa]'}`, a text style's a typography token value;
 * a doc page carries `content` (markdown).
 */
export const createDsmFilesBody = z.object({
  team_id: teamId,
  project_id: id,
  dsm_files: z
    .array(
      z.object({
        name: dsmNameSchema,
        type: z.enum(DSM_FILE_TYPES),
        folder_id: id.nullable().optional(),
        host_object: dsmHostObjectSchema.optional(),
        package_info: jsonObject.optional(),
        content: docSchema.optional(),
        position: jsonObject.optional(),
        layout_data: jsonObject.optional(),
      }),
    )
    .min(1)
    .max(DsmLimits.batchMax),
});

/** `PUT project/dsm_file`: rename, move (`folder_id`, null: the top), reorder (`index`), or edit its content. */
export const updateDsmFileBody = z.object({
  team_id: teamId,
  project_id: id,
  file_id: id,
  name: dsmNameSchema.optional(),
  folder_id: id.nullable().optional(),
  index: z.number().int().min(1).optional(),
  package_info: jsonObject.optional(),
  content: docSchema.optional(),
  position: jsonObject.nullable().optional(),
  layout_data: jsonObject.nullable().optional(),
});

export const deleteDsmFilesBody = z.object({ team_id: teamId, project_id: id, dsm_file_ids: idList });

export interface DsmFolder {
  id: string;
  name: string;
  /** 1-based among its siblings. */
  index: number;
  type: DsmFolderType;
  dirType: 0 | 1;
  desc: string;
  parentId: string | null;
  thumbnailRef: string | null;
  iconRef: string | null;
  coverRef: string | null;
  docRef: string | null;
  createTime: number;
  updateTime: number;
  layoutData: Record<string, unknown> | null;
  createdUser: { id: string; name: string } | null;
  modifUser: { id: string; name: string } | null;
  childrenDirIds: string[];
  childrenItemIds: string[];
}

/** A picture of a component or icon: a signed URL with its pixel size (SVG: the layer's size). */
export interface DsmImageRef {
  url: string;
  width: number;
  height: number;
}

export interface DsmFile {
  id: string;
  name: string;
  index: number;
  type: DsmFileType;
  folder_id: string | null;
  position: Record<string, unknown> | null;
  /** psd or svg for a component taken from a design. */
  design_type: string;
  /** `design` (taken from a design) or `ferry` (made here). */
  host_type: string;
  host_object: z.infer<typeof dsmHostObjectSchema> | null;
  package_info: Record<string, unknown> | null;
  package_json_ref: string | null;
  src_ref: string | null;
  image_1x: DsmImageRef | null;
  image_2x: DsmImageRef | null;
  image_4x: DsmImageRef | null;
  image_svg: DsmImageRef | null;
  preview_object: Record<string, unknown> | null;
  preview_thumb_object: Record<string, unknown> | null;
  layout_data: Record<string, unknown> | null;
  content: string;
  createTime: number;
  updateTime: number;
}

export interface DsmProjectSummary {
  id: string;
  name: string;
  cover: string;
  folders: number;
  files: number;
  tokens: number;
  updateTime: number;
}

export interface DsmProjectDetail {
  project: DsmProjectSummary;
  dsm_folders: DsmFolder[];
  dsm_files: DsmFile[];
}

/** `GET/PUT permission/dsm_auth_switch`: the team's design system on or off (team admins change it). */
export const dsmSwitchQuery = z.object({ team_id: id });
export const dsmSwitchBody = z.object({ team_id: id, enabled: z.boolean() });
export interface DsmSwitch {
  team_id: string;
  enabled: boolean;
}

/** `GET dsm_service/api/dsm/standards/list`: the team's design standards (its dsm projects) with counts. */
export const dsmStandardsQuery = z.object({ team_id: id });
export interface DsmStandard {
  project_id: string;
  name: string;
  cover: string;
  components: number;
  colors: number;
  text_styles: number;
  icons: number;
  docs: number;
  tokens: number;
  updateTime: number;
}

/** `GET account/user_in_dsm_list`: whether the caller sees any dsm project of the team. */
export const userInDsmListQuery = z.object({ team_id: id });
export interface UserInDsmList {
  in_list: boolean;
  enabled: boolean;
}

// ── Tokens ──────────────────────────────────────────────────────────────────────────────────────────────

export const listTokensQuery = z.object({
  team_id: teamId,
  project_id: id,
  kind: z.enum(TOKEN_KINDS).optional(),
});

/** `POST project/dsm_token`: tokens made at once (accepted proposals, or typed in); names unique (19119). */
export const createTokensBody = z.object({
  team_id: teamId,
  project_id: id,
  tokens: z
    .array(
      z.object({
        name: tokenNameSchema,
        kind: z.enum(TOKEN_KINDS),
        value: z.unknown(),
        description: descriptionSchema.optional(),
      }),
    )
    .min(1)
    .max(DsmLimits.batchMax),
});

/** `PUT project/dsm_token`: rename, revalue (same kind), describe, reorder. */
export const updateTokenBody = z.object({
  team_id: teamId,
  project_id: id,
  token_id: id,
  name: tokenNameSchema.optional(),
  value: z.unknown().optional(),
  description: descriptionSchema.optional(),
  index: z.number().int().min(1).optional(),
});

export const deleteTokensBody = z.object({ team_id: teamId, project_id: id, token_ids: idList });

/** `POST project/dsm_token/extract`: what the chosen projects' designs use, for the user to name and accept. */
export const extractTokensBody = z.object({
  team_id: teamId,
  project_id: id,
  source_project_ids: z.array(id).min(1).max(DsmLimits.extractProjectsMax),
  /** The designs' base scale: their lengths divided by it, so tokens hold code pixels as inspect shows them. */
  base_scale: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
});

export interface TokenProposal {
  kind: TokenKind;
  value: unknown;
  /** Layers using it (near-duplicate colours counted together). */
  count: number;
  /** Designs using it. */
  designs: number;
  /** The near-duplicates folded into it (colours: ΔE < 2), as hex. */
  merged: string[];
  suggested_name: string;
  /** The name of a token of this set that already has this value. */
  existing: string | null;
}

export interface TokenProposals {
  designs_read: number;
  /** True when more designs matched than one extraction reads (the newest were read). */
  truncated: boolean;
  proposals: Record<'color' | 'typography' | 'radius' | 'shadow', TokenProposal[]>;
}

export const TOKEN_EXPORT_FORMATS = ['dtcg', 'css', 'scss', 'android', 'ios', 'zip'] as const;
export type TokenExportFormat = (typeof TOKEN_EXPORT_FORMATS)[number];

/** `GET project/dsm_token/export`: one file as text, or every format in one ZIP (a signed URL). */
export const exportTokensQuery = z.object({
  team_id: teamId,
  project_id: id,
  format: z.enum(TOKEN_EXPORT_FORMATS),
});
export type TokenExport =
  | { format: Exclude<TokenExportFormat, 'zip'>; name: string; mime: string; content: string }
  | { format: 'zip'; name: string; url: string; size: number };

/**
 * `POST project/dsm_token/import`: a DTCG JSON file's text. `merge` adds and updates by name; `replace` also
 * removes the set's tokens the file lacks. A bad file answers 19121 with `{line, column, path}` and the
 * reason in both languages, and changes nothing.
 */
export const importTokensBody = z.object({
  team_id: teamId,
  project_id: id,
  content: z.string().min(1).max(DsmLimits.importMaxChars, { message: 'token.importSize' }),
  mode: z.enum(['merge', 'replace']).default('merge'),
});
export interface TokenImportResult {
  created: number;
  updated: number;
  removed: number;
}
/** The `data` of a 19121 refusal: where the file is wrong. */
export interface TokenImportFault {
  line: number;
  column: number;
  /** The token or group path, dot-separated as DTCG writes references. */
  path: string;
}

/** `GET/PUT project/dsm_links`: the dsm projects whose tokens a project's inspect view uses, in order. */
export const dsmLinksQuery = z.object({ team_id: teamId, project_id: id });
export const dsmLinksBody = z.object({
  team_id: teamId,
  project_id: id,
  dsm_project_ids: z.array(id).max(DsmLimits.linksPerProject),
});
export interface DsmLink {
  project_id: string;
  name: string;
}

/** `GET project/design_tokens`: the tokens of the dsm projects a project links, for inspect and code. */
export const projectTokensQuery = z.object({ team_id: teamId, project_id: id });
export interface ProjectTokenSet {
  project_id: string;
  name: string;
  tokens: DesignToken[];
}
