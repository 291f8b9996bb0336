import type {
  DesignToken,
  DsmFile,
  DsmFileType,
  DsmFolder,
  DsmFolderType,
  DsmLink,
  DsmProjectDetail,
  DsmProjectSummary,
  DsmStandard,
  DsmSwitch,
  ProjectTokenSet,
  TokenExport,
  TokenExportFormat,
  TokenImportResult,
  TokenKind,
  TokenProposals,
  UserInDsmList,
} from '@ferry/shared';
import { api } from './client';

/** The design system (docs/api.md "Design system"): dsm projects' libraries, design tokens, links. */
export interface DsmScope {
  team_id: string;
  project_id: string;
}

/** Under the project, so a project's `changed` frame refreshes it. */
export const dsmKeys = {
  projects: (teamId: string) => ['team', teamId, 'dsm', 'projects'] as const,
  project: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'dsm'] as const,
  file: (teamId: string, projectId: string, fileId: string) =>
    ['team', teamId, 'project', projectId, 'dsm', 'file', fileId] as const,
  tokens: (teamId: string, projectId: string) =>
    ['team', teamId, 'project', projectId, 'dsm', 'tokens'] as const,
  links: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'dsm-links'] as const,
  projectTokens: (teamId: string, projectId: string) =>
    ['team', teamId, 'project', projectId, 'design-tokens'] as const,
  switch: (teamId: string) => ['team', teamId, 'dsm', 'switch'] as const,
  standards: (teamId: string) => ['team', teamId, 'dsm', 'standards'] as const,
};

export interface NewDsmFolder {
  name: string;
  parentId?: string | null;
  type?: DsmFolderType;
  desc?: string;
}

export interface NewDsmFile {
  name: string;
  type: DsmFileType;
  folder_id?: string | null;
  host_object?: { project_id: string; image_id: string; version_id?: string; layer_id: string };
  package_info?: Record<string, unknown>;
  content?: string;
}

export interface NewToken {
  name: string;
  kind: TokenKind;
  value: unknown;
  description?: string;
}

export const dsmApi = {
  /** The team's dsm projects the caller sees. */
  projects: (teamId: string) => api.get<DsmProjectSummary[]>('project/dsm_project', { team_id: teamId }),
  project: (scope: DsmScope) => api.get<DsmProjectDetail>('project/dsm_project', { ...scope }),
  folder: (scope: DsmScope, folderId: string) =>
    api.get<DsmFolder & { dsm_files?: DsmFile[] }>('project/dsm_folder', { ...scope, folder_id: folderId }),
  createFolders: (scope: DsmScope, folders: NewDsmFolder[]) =>
    api.post<DsmFolder[]>('project/dsm_folder', { ...scope, dsm_folders: folders }),
  updateFolder: (scope: DsmScope, folderId: string, change: Partial<DsmFolder> & { index?: number }) =>
    api.put<DsmFolder>('project/dsm_folder', { ...scope, folder_id: folderId, ...change }),
  deleteFolders: (scope: DsmScope, folderIds: string[]) =>
    api.delete<{ dsm_folder_ids: string[] }>('project/dsm_folder', { ...scope, dsm_folder_ids: folderIds }),

  file: (scope: DsmScope, fileId: string) =>
    api.get<DsmFile>('project/dsm_file', { ...scope, file_id: fileId }),
  createFiles: (scope: DsmScope, files: NewDsmFile[]) =>
    api.post<DsmFile[]>('project/dsm_file', { ...scope, dsm_files: files }),
  updateFile: (
    scope: DsmScope,
    fileId: string,
    change: {
      name?: string;
      folder_id?: string | null;
      index?: number;
      package_info?: Record<string, unknown>;
      content?: string;
    },
  ) => api.put<DsmFile>('project/dsm_file', { ...scope, file_id: fileId, ...change }),
  deleteFiles: (scope: DsmScope, fileIds: string[]) =>
    api.delete<{ dsm_file_ids: string[] }>('project/dsm_file', { ...scope, dsm_file_ids: fileIds }),

  switchState: (teamId: string) => api.get<DsmSwitch>('permission/dsm_auth_switch', { team_id: teamId }),
  setSwitch: (teamId: string, enabled: boolean) =>
    api.put<DsmSwitch>('permission/dsm_auth_switch', { team_id: teamId, enabled }),
  standards: (teamId: string) =>
    api.get<DsmStandard[]>('dsm_service/api/dsm/standards/list', { team_id: teamId }),
  userInList: (teamId: string) => api.get<UserInDsmList>('account/user_in_dsm_list', { team_id: teamId }),

  tokens: (scope: DsmScope, kind?: TokenKind) =>
    api
      .get<{ tokens: DesignToken[] }>('project/dsm_token', kind ? { ...scope, kind } : { ...scope })
      .then((answer) => answer.tokens),
  createTokens: (scope: DsmScope, tokens: NewToken[]) =>
    api
      .post<{ tokens: DesignToken[] }>('project/dsm_token', { ...scope, tokens })
      .then((answer) => answer.tokens),
  updateToken: (
    scope: DsmScope,
    tokenId: string,
    change: { name?: string; value?: unknown; description?: string; index?: number },
  ) => api.put<DesignToken>('project/dsm_token', { ...scope, token_id: tokenId, ...change }),
  deleteTokens: (scope: DsmScope, tokenIds: string[]) =>
    api.delete<{ deleted: number }>('project/dsm_token', { ...scope, token_ids: tokenIds }),
  /** `baseScale`: what the designs are drawn at, so the proposals are in code pixels. */
  extract: (scope: DsmScope, sourceProjectIds: string[], baseScale = 1) =>
    api.post<TokenProposals>('project/dsm_token/extract', {
      ...scope,
      source_project_ids: sourceProjectIds,
      base_scale: baseScale,
    }),
  exportTokens: (scope: DsmScope, format: TokenExportFormat) =>
    api.get<TokenExport>('project/dsm_token/export', { ...scope, format }),
  importTokens: (scope: DsmScope, content: string, mode: 'merge' | 'replace' = 'merge') =>
    api.post<TokenImportResult>('project/dsm_token/import', { ...scope, content, mode }),

  links: (scope: DsmScope) => api.get<DsmLink[]>('project/dsm_links', { ...scope }),
  setLinks: (scope: DsmScope, dsmProjectIds: string[]) =>
    api.put<DsmLink[]>('project/dsm_links', { ...scope, dsm_project_ids: dsmProjectIds }),
  /** The tokens of the dsm projects a project links, for inspect and code. */
  projectTokens: (scope: DsmScope) => api.get<ProjectTokenSet[]>('project/design_tokens', { ...scope }),
};
