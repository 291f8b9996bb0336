import { ShareLimits, type ShareRights, type ShareScope } from '@ferry/shared';
import type { TFunction } from 'i18next';
import type { CreateShareLinkInput } from '../../api/share';

/** What a share dialog shares: decided by where it was opened (stage, selection, section, design). */
export type ShareTarget =
  | { kind: 'project'; teamId: string; projectId: string; name: string }
  | { kind: 'sections'; teamId: string; projectId: string; sectionIds: string[]; name: string }
  | { kind: 'designs'; teamId: string; projectId: string; designIds: string[]; names: string[] }
  | {
      kind: 'design';
      teamId: string;
      projectId: string;
      designId: string;
      name: string;
      /** The version on screen, offered as "this version"; null when there is none to fix. */
      version: { id: string; label: string } | null;
    };

/** The stage's selection: one design is a `design` link (following its latest version), more a `designs` one. */
export function selectionTarget(
  teamId: string,
  projectId: string,
  designs: { id: string; name: string }[],
): ShareTarget {
  if (designs.length === 1)
    return {
      kind: 'design',
      teamId,
      projectId,
      designId: designs[0].id,
      name: designs[0].name,
      version: null,
    };
  return {
    kind: 'designs',
    teamId,
    projectId,
    designIds: designs.map((design) => design.id),
    names: designs.map((design) => design.name),
  };
}

export const NO_RIGHTS: ShareRights = {
  inspect: false,
  download: false,
  see_comments: false,
  comment: false,
};
/** The rights a link can be given, in the dialogs' order. */
export const RIGHT_NAMES = ['inspect', 'download', 'see_comments', 'comment'] as const;

type RightName = keyof ShareRights;
/**
 * The rights boxes' rule (a form's `normalize`): adding comments needs seeing them (the server caps it so), so
 * ticking "add comments" ticks "see comments" and unticking "see comments" unticks "add comments".
 */
export function linkedRights(next: RightName[], previous: RightName[] = []): RightName[] {
  const had = new Set(previous);
  const picked = new Set(next);
  if (picked.has('comment') && !had.has('comment')) picked.add('see_comments');
  if (!picked.has('see_comments') && had.has('see_comments')) picked.delete('comment');
  return RIGHT_NAMES.filter((name) => picked.has(name));
}
/** The dialog's expiry choices, shortest first, "never" (0) last. */
export const EXPIRY_CHOICES = [...ShareLimits.expiryDays.filter((days) => days > 0), 0] as const;

/** The creation call's scope part for a target; `fixVersion` pins a design link to the version on screen. */
export function scopeOf(
  target: ShareTarget,
  fixVersion: boolean,
): Pick<
  CreateShareLinkInput,
  'team_id' | 'project_id' | 'scope' | 'section_ids' | 'design_ids' | 'version_id'
> {
  const ref = { team_id: target.teamId, project_id: target.projectId };
  const scope: ShareScope = target.kind;
  if (target.kind === 'sections') return { ...ref, scope, section_ids: target.sectionIds };
  if (target.kind === 'designs') return { ...ref, scope, design_ids: target.designIds };
  if (target.kind === 'design')
    return {
      ...ref,
      scope,
      design_ids: [target.designId],
      version_id: fixVersion && target.version ? target.version.id : null,
    };
  return { ...ref, scope };
}

/** The rights ticked by name; the others off. */
export function rightsNamed(names: readonly (keyof ShareRights)[]): ShareRights {
  const rights = { ...NO_RIGHTS };
  for (const name of names) rights[name] = true;
  return rights;
}

/** A link's password: optional when making a link, required when setting a new one. */
export const linkPasswordRule = (t: TFunction, required: boolean) => ({
  required,
  min: ShareLimits.passwordMinLength,
  max: ShareLimits.passwordMaxLength,
  message: t('shareManage.passwordLength', {
    min: ShareLimits.passwordMinLength,
    max: ShareLimits.passwordMaxLength,
  }),
});
