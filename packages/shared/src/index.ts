export * from './api/account.js';
export * from './api/designs.js';
export * from './api/projects.js';
export * from './api/teams.js';
export * from './codes.js';
export * from './limits.js';
export * from './permissions.js';
export * from './validation.js';
