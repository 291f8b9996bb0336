import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../api/teams';
import './help/help.css';

/**
 * The seat notice for admins inviting members: a warning when the plan has no seat left (team/seat/available),
 * so nobody sends invitations that cannot be accepted; otherwise how many are left, when the plan counts them.
 */
export function SeatNotice({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const seats = useQuery({
    queryKey: ['team', teamId, 'seats'],
    queryFn: () => teamsApi.seats(teamId),
    // Seats change as people join elsewhere: each opening of the dialog reads them afresh.
    refetchOnMount: 'always',
    retry: false,
  });
  const answer = seats.data;
  if (!answer || answer.available < 0) return null;
  if (answer.available === 0)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="seat-notice"
        title={t('seatNotice.full', { used: answer.used, total: answer.total })}
      />
    );
  return (
    <div className="seat-left" data-testid="seat-notice">
      {t('seatNotice.left', { count: answer.available })}
    </div>
  );
}
