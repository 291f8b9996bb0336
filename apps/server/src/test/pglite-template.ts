import { readFileSync } from 'node:fs';

/** Where the test run's migrated PGlite data folder is (written by global-setup.ts). */
export const PGLITE_TEMPLATE_ENV = 'FERRY_TEST_PGLITE_TEMPLATE';

let template: Blob | undefined;

/** The run's migrated data folder, read once per test process; none when the tests run on PostgreSQL. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || process.env.DATABASE_URL) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}
