import { ClockCircleOutlined, DisconnectOutlined, TeamOutlined } from '@ant-design/icons';
import { Codes, codeMessage, type InviteInfo, realNameSchema, type TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { type InviteParams, teamsApi } from '../../api/teams';
import { useLang, usePageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { MemberAvatar } from '../../components/MemberAvatar';
import { roleLabel } from '../../components/roles';
import { TeamAvatar } from '../../components/TeamList';
import { formErrorText } from '../../forms/errors';
import { schemaRule } from '../../forms/rules';
import { queryClient } from '../../queryClient';
import { loginPath, Paths, teamIdOf } from '../../state/redirect';
import { clearSession, getSession, setTeams, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';

const INVITE_EXPIRED = Codes.INVITE_EXPIRED.code;
const INVITE_INVALID = Codes.INVITE_INVALID.code;
const ALREADY_IN_TEAM = Codes.ALREADY_IN_TEAM.code;
const APPLY_PENDING = Codes.APPLY_PENDING.code;

function readParams(search: URLSearchParams): InviteParams | null {
  const inviteSign = search.get('inviteSign');
  const time = search.get('time');
  const token = search.get('token');
  if (!inviteSign || !time || !token) return null;
  return { inviteSign, time, token };
}

/** The landing's frame: the logo on top and one centred card. */
function InviteFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="status-page invite-page">
      <div className="status-page-logo">
        <Logo />
      </div>
      <Card className="invite-card">{children}</Card>
    </div>
  );
}

function LinkProblem({ code, onRetry, message }: { code: string; onRetry: () => void; message: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { token } = useSession();
  const home = (
    <Button type="primary" onClick={() => navigate(token ? '/' : loginPath({}))} data-testid="invite-home">
      {token ? t('common.backToProjects') : t('auth.signIn')}
    </Button>
  );
  if (code === INVITE_EXPIRED) {
    return (
      <Result
        icon={<ClockCircleOutlined />}
        status="warning"
        title={codeMessage(Codes.INVITE_EXPIRED, lang)}
        subTitle={t('inviteLanding.expiredText')}
        extra={home}
        data-testid="invite-expired"
      />
    );
  }
  if (code === INVITE_INVALID) {
    return (
      <Result
        icon={<DisconnectOutlined />}
        status="error"
        title={codeMessage(Codes.INVITE_INVALID, lang)}
        subTitle={t('inviteLanding.invalidText')}
        extra={home}
        data-testid="invite-invalid"
      />
    );
  }
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      data-testid="invite-load-failed"
    />
  );
}

/** Opens a team the user is in: from the known teams, else from a fresh team list. */
async function openTeam(teamId: string, known?: TeamInfo): Promise<boolean> {
  let team = known ?? getSession().teams.find((t) => teamIdOf(t) === teamId);
  if (!known) {
    const teams = await teamsApi.userTeams();
    setTeams(teams);
    team = teams.find((t) => teamIdOf(t) === teamId) ?? team;
  }
  if (!team) return false;
  void queryClient.invalidateQueries({ queryKey: ['teams'] });
  void switchTeam(team);
  return true;
}

function ApplyForm({ params, onApplied }: { params: InviteParams; onApplied: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (values: { real_name: string; reason?: string }) =>
      teamsApi.apply({ ...params, real_name: values.real_name.trim(), reason: (values.reason ?? '').trim() }),
    onSuccess: onApplied,
    onError: (failure) => {
      // An application already waiting is the same as one just sent.
      if (isApiError(failure) && failure.code === APPLY_PENDING) return onApplied();
      setError(formErrorText(failure, t('common.requestFailed')));
    },
  });
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      className="invite-apply"
      onValuesChange={() => error && setError(null)}
      onFinish={(values) => {
        setError(null);
        apply.mutate(values);
      }}
      data-testid="invite-apply-form"
    >
      <Alert className="settings-alert" type="info" showIcon title={t('inviteLanding.reviewNotice')} />
      <Form.Item
        name="real_name"
        label={t('inviteLanding.realName')}
        rules={[schemaRule(realNameSchema, lang)]}
      >
        <Input data-testid="invite-real-name" placeholder={t('inviteLanding.realNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="reason" label={t('inviteLanding.reason')}>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          data-testid="invite-reason"
          placeholder={t('inviteLanding.reasonPlaceholder')}
        />
      </Form.Item>
      {error ? (
        <Alert className="settings-alert" type="error" showIcon title={error} data-testid="invite-error" />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={apply.isPending}
        data-testid="invite-apply-submit"
      >
        {t('inviteLanding.applySubmit')}
      </Button>
    </Form>
  );
}

function InviteActions({
  info,
  params,
  address,
  refetch,
}: {
  info: InviteInfo;
  params: InviteParams;
  address: string;
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const [applied, setApplied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const join = useMutation({
    mutationFn: () => teamsApi.joinByLink(params),
    onSuccess: (team) => {
      setTeams([...getSession().teams.filter((known) => teamIdOf(known) !== teamIdOf(team)), team]);
      void openTeam(teamIdOf(team), team);
    },
    onError: (failure) => {
      if (isApiError(failure) && (failure.code === ALREADY_IN_TEAM || failure.code === APPLY_PENDING)) {
        refetch();
        return;
      }
      setError(formErrorText(failure, t('common.requestFailed')));
    },
  });

  const open = useMutation({
    mutationFn: () => openTeam(info.team.id),
    onSuccess: (opened) => {
      if (!opened) navigate('/');
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  if (!token || !info.viewer) {
    return (
      <div className="invite-actions" data-testid="invite-signed-out">
        <p className="muted">{t('inviteLanding.signInFirst')}</p>
        <Button
          type="primary"
          block
          size="large"
          onClick={() => navigate(loginPath({ redirecturl: address }))}
          data-testid="invite-login"
        >
          {t('inviteLanding.signIn')}
        </Button>
        <Button
          block
          size="large"
          onClick={() => navigate(`${Paths.register}?${new URLSearchParams({ redirecturl: address })}`)}
          data-testid="invite-register"
        >
          {t('inviteLanding.register')}
        </Button>
      </div>
    );
  }

  if (info.viewer.is_member) {
    return (
      <div className="invite-actions" data-testid="invite-already-member">
        <Alert type="success" showIcon title={t('inviteLanding.alreadyMember')} />
        <Button
          type="primary"
          block
          size="large"
          loading={open.isPending}
          onClick={() => open.mutate()}
          data-testid="invite-open-team"
        >
          {t('inviteLanding.openTeam')}
        </Button>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </div>
    );
  }

  if (applied || info.viewer.apply_state === 'pending') {
    return (
      <div className="invite-actions" data-testid="invite-waiting">
        <Result
          status="info"
          icon={<ClockCircleOutlined />}
          title={t('inviteLanding.waitingTitle')}
          subTitle={t('inviteLanding.waitingText', { team: info.team.name })}
        />
      </div>
    );
  }

  if (info.review) {
    return (
      <>
        {info.viewer.apply_state === 'refused' ? (
          <Alert
            className="settings-alert"
            type="warning"
            showIcon
            title={t('inviteLanding.refusedBefore')}
          />
        ) : null}
        <ApplyForm params={params} onApplied={() => setApplied(true)} />
      </>
    );
  }

  return (
    <div className="invite-actions">
      {error ? <Alert type="error" showIcon title={error} data-testid="invite-error" /> : null}
      <Button
        type="primary"
        block
        size="large"
        loading={join.isPending}
        onClick={() => {
          setError(null);
          join.mutate();
        }}
        data-testid="invite-join"
      >
        {t('inviteLanding.join')}
      </Button>
    </div>
  );
}

/**
 * The team invitation landing (/user/invite?inviteSign&time&token, spec 000 §2). It works signed out:
 * the visitor sees the team, the inviter and the role, and signs in or registers to come back here.
 * Signed in, they join (or apply, when the link needs review); an expired or reset link and a broken
 * one each have their own screen. The 401 dialog never fires here (spec 000 §8).
 */
export function InvitePage() {
  usePageTitle('titles.invite');
  const { t } = useTranslation();
  const lang = useLang();
  const [search] = useSearchParams();
  const { token } = useSession();
  const params = readParams(search);
  const address = `${Paths.invite}?${search.toString()}`;

  const info = useQuery({
    queryKey: ['invite', token, params?.inviteSign, params?.time, params?.token],
    queryFn: () => teamsApi.inviteInfo(params as InviteParams),
    enabled: params !== null,
    retry: false,
    staleTime: 0,
  });

  // A stored session the server no longer accepts shows as no viewer: forget it, the visitor signs in again.
  const staleSession = Boolean(token && info.data && info.data.viewer === null);
  useEffect(() => {
    if (staleSession) clearSession(null);
  }, [staleSession]);

  if (!params) {
    return (
      <InviteFrame>
        <LinkProblem code={INVITE_INVALID} message="" onRetry={() => {}} />
      </InviteFrame>
    );
  }
  if (info.isPending) {
    return (
      <InviteFrame>
        <div className="center-card-loading">
          <Spin />
        </div>
      </InviteFrame>
    );
  }
  if (info.isError) {
    const error = info.error;
    return (
      <InviteFrame>
        <LinkProblem
          code={isApiError(error) ? error.code : ''}
          message={error.message}
          onRetry={() => void info.refetch()}
        />
      </InviteFrame>
    );
  }

  const data = info.data;
  return (
    <InviteFrame>
      <div className="invite-head" data-testid="invite-info">
        <TeamAvatar team={data.team} size={64} />
        <h1 className="invite-team-name" data-testid="invite-team-name">
          {data.team.name}
        </h1>
        <div className="muted" data-testid="invite-member-count">
          <TeamOutlined /> {t('team.memberCount', { count: data.team.member_count })}
        </div>
        <div className="invite-inviter" data-testid="invite-inviter">
          <MemberAvatar
            name={data.inviter.name}
            color={data.inviter.color}
            avatar={data.inviter.avatar}
            size={24}
          />
          <span>{t('inviteLanding.invitedBy', { name: data.inviter.name })}</span>
        </div>
        <div className="invite-role">
          {t('inviteLanding.role')}
          <Tag color="blue" data-testid="invite-role">
            {roleLabel(data.role, lang)}
          </Tag>
          {data.review ? <Tag color="orange">{t('inviteLanding.needsReview')}</Tag> : null}
        </div>
      </div>
      <InviteActions info={data} params={params} address={address} refetch={() => void info.refetch()} />
    </InviteFrame>
  );
}
