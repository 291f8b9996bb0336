import type { TeamInfo } from '@ferry/shared';
import { EmailSuffixCard } from './settings/EmailSuffixCard';
import { InfoCard } from './settings/InfoCard';
import { ManageCard } from './settings/ManageCard';
import { QuotaCard } from './settings/QuotaCard';

/** Team settings: name and avatar, the plan and its quota, and leaving, handing over, merging or dissolving. */
export function SettingsTab({ team }: { team: TeamInfo }) {
  return (
    <div className="team-tab team-settings-tab" data-testid="settings-tab">
      <InfoCard team={team} />
      <QuotaCard team={team} />
      <EmailSuffixCard team={team} />
      <ManageCard team={team} />
    </div>
  );
}
