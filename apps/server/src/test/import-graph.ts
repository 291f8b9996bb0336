import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One import between two domains, written `modules/<from file> -> modules/<to file>` (paths from src). */
export type DomainImport = string;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and their fixtures may reach anywhere to set a scene up.
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

export const domainOf = (file: string) => file.split('/')[1];

/** Every import from one domain folder of `modulesDir` into another, type-only ones included. */
export function domainImports(modulesDir: string): DomainImport[] {
  const src = path.dirname(modulesDir);
  const found = new Set<DomainImport>();
  for (const file of sourceFiles(modulesDir)) {
    const from = path.relative(src, file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = path.relative(src, path.resolve(path.dirname(file), match[1])).replace(/\.js$/, '.ts');
      if (to.startsWith('modules/') && domainOf(to) !== domainOf(from)) found.add(`${from} -> ${to}`);
    }
  }
  return [...found].sort();
}

/** The imports that go from a domain to one above it in `order` (bottom first). */
export function upwardImports(imports: DomainImport[], order: string[]): DomainImport[] {
  return imports.filter((edge) => {
    const [from, to] = edge.split(' -> ');
    return order.indexOf(domainOf(to)) > order.indexOf(domainOf(from));
  });
}

/** A domain's table definitions: tables.ts, or a part of them such as comment-tables.ts. */
const isTables = (file: string) => /[/-]tables\.ts$/.test(file);

/** Imports of another domain's tables by anything but a tables file (whose imports are foreign keys). */
export function foreignTableReads(imports: DomainImport[]): DomainImport[] {
  return imports.filter((edge) => {
    const [from, to] = edge.split(' -> ');
    return isTables(to) && !isTables(from);
  });
}
