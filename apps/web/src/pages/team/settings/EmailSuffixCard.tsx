import { emailSuffixesBody, RecoveryLimits, ruleMessage, type TeamInfo } from '@ferry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryApi } from '../../../api/recovery';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';

/** Which addresses the team admits (`enterprise/email_suffix`): the super admin edits, everyone else reads. */
export function EmailSuffixCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['team-email-suffixes', team.team_id];
  const editable = team.role.type === 'superadmin';
  const saved = useQuery({ queryKey: key, queryFn: () => recoveryApi.teamEmailSuffixes(team.team_id) });
  const [suffixes, setSuffixes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) setSuffixes(saved.data.suffixes);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: (list: string[]) => recoveryApi.setTeamEmailSuffixes(team.team_id, list),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void message.success(t('teamEmailSuffix.saved'));
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const submit = () => {
    setError(null);
    // The shared rule first: a typo is named here, before any call.
    const parsed = emailSuffixesBody.safeParse({ team_id: team.team_id, suffixes });
    if (!parsed.success) {
      setError(ruleMessage(parsed.error.issues[0]?.message ?? 'emailSuffix.invalid', lang));
      return;
    }
    save.mutate(parsed.data.suffixes);
  };

  return (
    <Card title={t('teamEmailSuffix.title')} className="settings-card" data-testid="email-suffix-card">
      <p className="muted settings-line">{t('teamEmailSuffix.hint')}</p>
      <Select
        mode="tags"
        value={suffixes}
        onChange={(values: string[]) => {
          setError(null);
          setSuffixes(values);
        }}
        tokenSeparators={[',', ' ', '，']}
        placeholder={t('teamEmailSuffix.placeholder')}
        disabled={!editable}
        open={false}
        maxCount={RecoveryLimits.emailSuffixesMax}
        style={{ width: '100%' }}
        data-testid="email-suffix-select"
      />
      {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
      {editable ? (
        <Button
          type="primary"
          className="settings-action"
          loading={save.isPending}
          onClick={submit}
          data-testid="email-suffix-save"
        >
          {t('teamEmailSuffix.save')}
        </Button>
      ) : (
        <p className="muted settings-line">{t('teamEmailSuffix.readOnly')}</p>
      )}
    </Card>
  );
}
