import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainImports, foreignTableReads, upwardImports } from './test/import-graph.js';

/** The domains, bottom first: each may import those before it (docs/ARCHITECTURE.md, "Dependencies between domains"). */
const DOMAIN_ORDER = [
  'storage',
  'mail',
  'account',
  'chat-accounts',
  'teams',
  'configuration',
  'sso',
  'projects',
  'folders',
  'uploads',
  'access-tokens',
  'sections',
  'designs',
  'comments',
  'inspect',
  'prototypes',
  'onboarding',
  'bookmarks',
  'documents',
  'dsm',
  'walkthrough',
  'search',
  'share',
  'messages',
  'events',
];

/** Imports against the order that are still to move (listed in docs/ARCHITECTURE.md); the list only shrinks. */
const UPWARD_TO_MOVE = [
  'modules/designs/service.ts -> modules/comments/tables.ts',
  'modules/projects/listing.ts -> modules/designs/tables.ts',
  'modules/projects/routes.ts -> modules/folders/service.ts',
  'modules/projects/service.ts -> modules/designs/tables.ts',
  'modules/projects/service.ts -> modules/folders/tables.ts',
  'modules/projects/service.ts -> modules/sections/stage.ts',
  'modules/projects/tables.ts -> modules/folders/tables.ts',
  'modules/sections/arrangement.ts -> modules/designs/tables.ts',
  'modules/sections/sets.ts -> modules/designs/service.ts',
  'modules/sections/sets.ts -> modules/designs/tables.ts',
];

/**
 * Reads of another domain's table that stay, each for a list read in one query: the project list counts each
 * project's designs, the message centre joins the names and the team membership of each notice, the share links' lists
 * join each link's project name (and the landing page the team's); search keeps the texts of folders some version shows; the design-system list counts each dsm project's folders, files and tokens; design QA's pages show their designs' names and pictures. The users table (account) is joined for people's names anywhere.
 */
const READ_MODULES = [
  'modules/projects/listing.ts -> modules/designs/tables.ts',
  'modules/messages/service.ts -> modules/designs/tables.ts',
  'modules/messages/service.ts -> modules/projects/tables.ts',
  'modules/messages/service.ts -> modules/teams/tables.ts',
  'modules/share/listing.ts -> modules/projects/tables.ts',
  'modules/share/listing.ts -> modules/teams/tables.ts',
  'modules/search/texts.ts -> modules/designs/tables.ts',
  'modules/search/reindex.ts -> modules/designs/tables.ts',
  'modules/dsm/standards.ts -> modules/projects/tables.ts',
  'modules/walkthrough/design-reads.ts -> modules/designs/tables.ts',
];

/** Reads of another domain's table still to replace by the owning domain's functions; the list only shrinks. */
const TABLE_READS_TO_MOVE = [
  'modules/designs/service.ts -> modules/comments/tables.ts',
  'modules/projects/service.ts -> modules/designs/tables.ts',
  'modules/projects/service.ts -> modules/folders/tables.ts',
  'modules/sections/arrangement.ts -> modules/designs/tables.ts',
  'modules/sections/sets.ts -> modules/designs/tables.ts',
  'modules/comments/policy.ts -> modules/projects/tables.ts',
  'modules/comments/policy.ts -> modules/teams/tables.ts',
  'modules/comments/service.ts -> modules/designs/tables.ts',
  'modules/comments/threads.ts -> modules/designs/tables.ts',
  'modules/designs/urls.ts -> modules/projects/tables.ts',
  'modules/events/audience.ts -> modules/projects/tables.ts',
  'modules/events/audience.ts -> modules/teams/tables.ts',
  'modules/folders/service.ts -> modules/projects/tables.ts',
  'modules/projects/members.ts -> modules/teams/tables.ts',
];

describe('dependencies between domains', () => {
  const imports = domainImports(path.join(import.meta.dirname, 'modules'));
  const upward = upwardImports(imports, DOMAIN_ORDER);
  const tableReads = foreignTableReads(imports).filter((edge) => !edge.endsWith('modules/account/tables.ts'));

  it('has every domain folder in the order', () => {
    const domains = new Set(imports.flatMap((edge) => edge.split(' -> ').map((file) => file.split('/')[1])));
    expect([...domains].filter((domain) => !DOMAIN_ORDER.includes(domain))).toEqual([]);
  });

  it('imports only domains below, but for the listed imports still to move', () => {
    expect(upward.filter((edge) => !UPWARD_TO_MOVE.includes(edge))).toEqual([]);
  });

  it("reads another domain's tables only in tables.ts (foreign keys) and the read modules", () => {
    const allowed = [...READ_MODULES, ...TABLE_READS_TO_MOVE];
    expect(tableReads.filter((edge) => !allowed.includes(edge))).toEqual([]);
  });

  it('keeps the lists of what is still to move true, so they only shrink', () => {
    expect(UPWARD_TO_MOVE.filter((edge) => !upward.includes(edge))).toEqual([]);
    expect(TABLE_READS_TO_MOVE.filter((edge) => !tableReads.includes(edge))).toEqual([]);
  });
});
