import { CopyOutlined, LinkOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { assignableRoles, emailSchema, type TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Radio, Space, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssignableRole, type EmailInviteResult, teamsApi } from '../../api/teams';
import { useLang } from '../../components/hooks';
import { useRoleLabel } from '../../components/roles';
import { SeatNotice } from '../../components/SeatNotice';
import { formatTime } from '../../components/time';
import { useFailureToast } from '../../components/useFailureToast';
import { formErrorText } from '../../forms/errors';
import { queryClient } from '../../queryClient';
import { teamIdOf } from '../../state/redirect';
import { refreshPeople, teamKeys } from '../../state/teamQueries';

const MAX_EMAILS = 20;

/** Roles an inviter may offer, the lowest first (the order the choice reads in). */
export function invitableRoles(team: Pick<TeamInfo, 'role'>): AssignableRole[] {
  return assignableRoles(team.role.type).reverse();
}

/** Splits what was typed into addresses: commas, semicolons, spaces and new lines all separate. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** Copies with the clipboard API, else by selecting the link field and the browser's copy command. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function RolePicker({
  roles,
  value,
  onChange,
  testId,
}: {
  roles: AssignableRole[];
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  testId: string;
}) {
  const roleLabel = useRoleLabel();
  return (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(event) => onChange(event.target.value as AssignableRole)}
      data-testid={testId}
    >
      {roles.map((role) => (
        <Radio.Button key={role} value={role}>
          <span data-testid={`${testId}-${role}`}>{roleLabel(role)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

/** The team's invitation link with its role and review switch (also the first-run path's invite step). */
export function LinkTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const roles = invitableRoles(team);
  const [role, setRole] = useState<AssignableRole>('onlooker');
  const [review, setReview] = useState(false);

  const link = useQuery({
    queryKey: [...teamKeys.inviteLink(team.id), role, review],
    queryFn: () => teamsApi.inviteLink({ team_id: team.id, role, review }),
    staleTime: 60_000,
  });

  const reset = useMutation({
    mutationFn: () => teamsApi.resetInviteLink(team.id),
    onSuccess: () => {
      void message.success(t('invite.resetDone'));
      void queryClient.invalidateQueries({ queryKey: teamKeys.inviteLink(team.id) });
    },
    onError: failure,
  });

  const copy = async () => {
    const url = link.data?.url;
    if (!url) return;
    const field = document.querySelector<HTMLInputElement>('[data-testid="invite-link-input"]');
    if (await copyText(url, field)) void message.success(t('invite.copied'));
    else void message.warning(t('invite.copyManually'));
  };

  return (
    <div className="invite-pane" data-testid="invite-link-pane">
      <div className="invite-row">
        <span className="invite-label">{t('invite.role')}</span>
        <RolePicker roles={roles} value={role} onChange={setRole} testId="invite-role" />
      </div>
      <div className="invite-row">
        <span className="invite-label">{t('invite.review')}</span>
        <Switch checked={review} onChange={setReview} data-testid="invite-review" />
        <span className="invite-hint">{t('invite.reviewHint')}</span>
      </div>
      <Space.Compact className="invite-link" block>
        <Input
          readOnly
          value={link.data?.url ?? ''}
          placeholder={link.isError ? t('common.loadFailed') : t('invite.loading')}
          prefix={<LinkOutlined />}
          data-testid="invite-link-input"
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="primary"
          icon={<CopyOutlined />}
          disabled={!link.data}
          onClick={() => void copy()}
          data-testid="invite-copy"
        >
          {t('invite.copy')}
        </Button>
      </Space.Compact>
      <div className="invite-foot">
        <span className="invite-hint" data-testid="invite-expires">
          {link.data ? t('invite.expires', { time: formatTime(link.data.expires_at, lang) }) : null}
        </span>
        <Popconfirm
          title={t('invite.resetTitle')}
          description={t('invite.resetText')}
          okText={t('invite.reset')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'invite-reset-confirm' }}
          onConfirm={() => reset.mutateAsync().catch(() => {})}
        >
          <Button type="link" icon={<ReloadOutlined />} loading={reset.isPending} data-testid="invite-reset">
            {t('invite.reset')}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

/** Personal e-mail invitations, each resendable (also the first-run path's invite step). */
export function EmailTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const roles = invitableRoles(team);
  const [role, setRole] = useState<AssignableRole>('member');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<EmailInviteResult[]>([]);

  const send = useMutation({
    mutationFn: (emails: string[]) => teamsApi.inviteMembers({ team_id: team.id, emails, role }),
    onSuccess: (sent) => {
      setResults(sent);
      setText('');
      refreshPeople(team.id);
    },
    onError: (error) => setProblem(formErrorText(error, t('common.requestFailed'))),
  });

  const resend = useMutation({
    mutationFn: (inviteId: string) => teamsApi.resendInvitation({ team_id: team.id, invite_id: inviteId }),
    onSuccess: (answer) => void message.success(t('invite.resent', { email: answer.email })),
    onError: failure,
  });

  const submit = () => {
    setProblem(null);
    const emails = splitEmails(text);
    if (emails.length === 0) return setProblem(t('invite.emailsRequired'));
    if (emails.length > MAX_EMAILS) return setProblem(t('invite.emailsTooMany', { count: MAX_EMAILS }));
    const bad = emails.filter((email) => !emailSchema.safeParse(email).success);
    if (bad.length) return setProblem(t('invite.emailsInvalid', { emails: bad.join(', ') }));
    setResults([]);
    send.mutate(emails.map((email) => emailSchema.parse(email)));
  };

  return (
    <div className="invite-pane" data-testid="invite-email-pane">
      <div className="invite-row">
        <span className="invite-label">{t('invite.role')}</span>
        <RolePicker roles={roles} value={role} onChange={setRole} testId="invite-email-role" />
      </div>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={t('invite.emails')} extra={t('invite.emailsHint', { count: MAX_EMAILS })}>
          <Input.TextArea
            rows={3}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            placeholder="ada@example.com, grace@example.com"
            data-testid="invite-emails"
          />
        </Form.Item>
        {problem ? (
          <Alert
            className="settings-alert"
            type="error"
            showIcon
            title={problem}
            data-testid="invite-email-error"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          icon={<MailOutlined />}
          loading={send.isPending}
          data-testid="invite-send"
        >
          {t('invite.send')}
        </Button>
      </Form>
      {results.length ? (
        <ul className="invite-results" data-testid="invite-results">
          {results.map((result) => (
            <li key={result.invite_id} data-testid="invite-result">
              <span className="invite-result-email">{result.email}</span>
              <Tag color="success">{t(`invite.status.${result.status}`)}</Tag>
              <Button
                type="link"
                size="small"
                loading={resend.isPending && resend.variables === result.invite_id}
                onClick={() => resend.mutate(result.invite_id)}
              >
                {t('invite.resend')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Invite members (admins and up): the team link with its role and review switch, or personal e-mails. */
export function InviteDialog({
  team,
  open,
  onClose,
}: {
  team: TeamInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('invite.title', { team: team.name })}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <div data-testid="invite-dialog">
        <Tabs
          items={[
            {
              key: 'link',
              label: <span data-testid="invite-tab-link">{t('invite.byLink')}</span>,
              children: <LinkTab team={team} />,
            },
            {
              key: 'email',
              label: <span data-testid="invite-tab-email">{t('invite.byEmail')}</span>,
              children: <EmailTab team={team} />,
            },
          ]}
        />
        {/* Under the tabs: read as the dialog opens, it arrives late and must not move what is above it. */}
        <SeatNotice teamId={teamIdOf(team)} />
      </div>
    </Modal>
  );
}
