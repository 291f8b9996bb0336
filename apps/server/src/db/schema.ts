/** Every module's tables, for Drizzle's typed queries and drizzle-kit's migrations. */

export * from '../jobs/tables.js';
export * from '../modules/access-tokens/tables.js';
export * from '../modules/account/tables.js';
export * from '../modules/bookmarks/tables.js';
export * from '../modules/chat-accounts/tables.js';
export * from '../modules/comments/tables.js';
export * from '../modules/configuration/tables.js';
export * from '../modules/designs/tables.js';
export * from '../modules/documents/comment-tables.js';
export * from '../modules/documents/tables.js';
export * from '../modules/dsm/tables.js';
export * from '../modules/events/tables.js';
export * from '../modules/folders/tables.js';
export * from '../modules/inspect/tables.js';
export * from '../modules/mail/tables.js';
export * from '../modules/messages/tables.js';
export * from '../modules/onboarding/tables.js';
export * from '../modules/projects/tables.js';
export * from '../modules/prototypes/tables.js';
export * from '../modules/search/tables.js';
export * from '../modules/sections/tables.js';
export * from '../modules/share/tables.js';
export * from '../modules/sso/tables.js';
export * from '../modules/teams/tables.js';
export * from '../modules/uploads/tables.js';
export * from '../modules/walkthrough/tables.js';
