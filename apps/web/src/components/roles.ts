import { type Lang, roleNames, type TeamRole } from '@ferry/shared';
import { useLang } from './hooks';

/** The colour of a role's tag in member tables. */
export const ROLE_COLORS: Record<TeamRole, string> = {
  superadmin: 'gold',
  admin: 'blue',
  member: 'green',
  onlooker: 'default',
};

export function roleLabel(role: TeamRole, lang: Lang): string {
  const names = roleNames[role];
  if (!names) return role;
  return lang === 'zh-CN' ? names.zh : names.en;
}

export function useRoleLabel() {
  const lang = useLang();
  return (role: TeamRole) => roleLabel(role, lang);
}
