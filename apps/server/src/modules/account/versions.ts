import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Lang, mainScriptOf, type ReleaseTip, type VersionTips } from '@ferry/shared';
import { fail } from '../../http/errors.js';
import releaseNotes from './release-notes.json' with { type: 'json' };

interface Release {
  version: string;
  date: string;
  notes: { zh: string; en: string }[];
}

/** Ferry's releases, newest first: what each one lets people do (release-notes.json beside this file). */
export const releases: readonly Release[] = releaseNotes;

const VERSION_PATTERN = /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?:\+[\w.-]{1,80})?$/;

/** The release part of a version as numbers, or null when the text is not a version. */
function releaseParts(version: string): [number, number, number] | null {
  const match = VERSION_PATTERN.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function newer(a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/**
 * The deployed version, computed once at boot: the newest release and the hash of the built main script
 * (`1.6.0+Bx3k9q`), or `+dev` when the web app is not built.
 */
export function deployedVersion(webDist: string): string {
  let build = 'dev';
  try {
    const script = mainScriptOf(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
    const hash = script ? /-([\w-]+)\.js$/.exec(path.basename(script))?.[1] : undefined;
    if (hash) build = hash.replace(/[^\w.-]/g, '');
  } catch {
    // Not built: the API still answers, with the release alone identifying the code.
  }
  return `${releases[0].version}+${build}`;
}

/** What changed since `since` (a version the browser stored), in the caller's language, newest first. */
export function versionTips(since: string, current: string, lang: Lang): VersionTips {
  const seen = releaseParts(since);
  if (!seen) throw fail('VERSION_INVALID');
  const tips: ReleaseTip[] = releases
    .filter((release) => {
      const parts = releaseParts(release.version);
      return parts !== null && newer(parts, seen);
    })
    .map((release) => ({
      version: release.version,
      date: release.date,
      notes: release.notes.map((note) => (lang === 'zh-CN' ? note.zh : note.en)),
    }));
  return { version: current, tips };
}
