import type { TeamInfo, TeamStatus } from '@ferry/shared';
import { saveTeamStatus } from '../api/account';
import { showToast } from '../api/client';
import { i18n } from '../i18n';
import { navigateTo } from './navigation';
import { ALL_FOLDER, itemPath, teamIdOf } from './redirect';
import { selectTeam } from './session';

export const DESIGN_FOLDER = 'design';

/**
 * Switches the active team (spec 000 §4): the stored folder is cleared; the team's id, role, name and
 * type are stored; the team status is saved to the user's settings (folder all, or design when the
 * design folder is checked); then the team's project list opens. Without a team id it only warns.
 * Answers the save, which never rejects: a failed save only loses the "last team" memory.
 */
export function switchTeam(
  team: TeamInfo | null | undefined,
  options: { navigate?: boolean; design?: boolean } = {},
): Promise<boolean> {
  const teamId = team ? teamIdOf(team) : '';
  if (!team || !teamId) {
    showToast('warning', i18n.t('team.switchMissing'));
    return Promise.resolve(false);
  }
  const current = selectTeam(team, null);
  const status: TeamStatus = {
    folderId: options.design ? DESIGN_FOLDER : ALL_FOLDER,
    team_id: teamId,
    role: team.role.type,
    teamName: current.teamName,
  };
  const saved = saveTeamStatus(status).then(
    () => true,
    () => false,
  );
  if (options.navigate !== false) navigateTo(itemPath(teamId, ALL_FOLDER));
  return saved;
}
