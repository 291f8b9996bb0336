import { CameraOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Codes, codeMessage, Limits, type TeamInfo, type TeamQuota, teamNameSchema } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Progress, Select, Spin, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../api/crypto';
import { teamsApi } from '../../api/teams';
import { useLang } from '../../components/hooks';
import { TeamAvatar } from '../../components/TeamList';
import { formErrorText } from '../../forms/errors';
import { schemaRule } from '../../forms/rules';
import { queryClient } from '../../queryClient';
import { teamIdOf } from '../../state/redirect';
import { getSession, setTeams, useSession } from '../../state/session';
import { goToRemainingTeam } from '../../state/teamRecovery';
import { switchTeam } from '../../state/teamSwitch';
import { teamKeys, updateStoredTeam, useFailureToast } from './shared';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];

/** JPG or PNG of at most 3M (spec 000 §5), checked before the upload; the server checks the bytes again. */
export function avatarProblem(file: Pick<File, 'type' | 'size' | 'name'>): boolean {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  const typeOk = AVATAR_TYPES.includes(file.type) || (!file.type && byName);
  return !typeOk || file.size > Limits.avatarMaxBytes;
}

/**
 * Forgets a team this user no longer has (dissolved, merged away, left) before anything else asks the
 * server about it, then opens the first remaining team or team creation.
 */
async function leaveLocally(teamId: string): Promise<void> {
  setTeams(getSession().teams.filter((team) => teamIdOf(team) !== teamId));
  await queryClient.cancelQueries({ queryKey: teamKeys.all(teamId) });
  queryClient.removeQueries({ queryKey: teamKeys.all(teamId) });
  await goToRemainingTeam().catch(() => {});
}

function InfoCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const fileInput = useRef<HTMLInputElement>(null);
  const [form] = Form.useForm<{ name: string }>();
  const canEdit = team.abilities.can_rename;

  const rename = useMutation({
    mutationFn: (name: string) => teamsApi.rename({ team_id: team.id, name }),
    onSuccess: (renamed) => {
      updateStoredTeam(team.id, { name: renamed.name ?? form.getFieldValue('name') });
      void message.success(t('teamSettings.renamed'));
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: failure,
  });

  const upload = useMutation({
    mutationFn: (file: File) => teamsApi.uploadAvatar(team.id, file),
    onSuccess: (answer) => {
      updateStoredTeam(team.id, { avatar: answer.avatar });
      void message.success(t('teamSettings.avatarSaved'));
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: failure,
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (avatarProblem(file)) {
      void message.error(codeMessage(Codes.AVATAR_INVALID, lang));
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card title={t('teamSettings.info')} className="settings-card" data-testid="team-info-card">
      <div className="team-info">
        <div className="team-info-avatar">
          <TeamAvatar team={team} size={72} />
          {canEdit ? (
            <>
              <Button
                size="small"
                icon={<CameraOutlined />}
                loading={upload.isPending}
                onClick={() => fileInput.current?.click()}
                data-testid="team-avatar-upload"
              >
                {t('teamSettings.changeAvatar')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg"
                hidden
                data-testid="team-avatar-input"
                onChange={(event) => {
                  pick(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </>
          ) : null}
        </div>
        <div className="team-info-main">
          {canEdit ? (
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{ name: team.name }}
              key={team.name}
              onFinish={({ name }) => rename.mutate(name.trim())}
            >
              <Form.Item
                name="name"
                label={t('team.name')}
                rules={[schemaRule(teamNameSchema, lang)]}
                extra={t('teamSettings.nameRules')}
              >
                <Input data-testid="team-rename-input" maxLength={Limits.nameMaxLength + 10} />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={rename.isPending}
                data-testid="team-rename-save"
              >
                {t('common.save')}
              </Button>
            </Form>
          ) : (
            <div className="team-info-name" data-testid="team-info-name">
              {team.name}
            </div>
          )}
          <div className="muted team-info-hint">{t('teamSettings.avatarRules')}</div>
        </div>
      </div>
    </Card>
  );
}

const unlimited = (value: number) => value === Limits.unlimited;

function QuotaRow({
  label,
  used,
  max,
  testId,
}: {
  label: string;
  used: number;
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const text = unlimited(max) ? `${used} / ${t('quota.unlimited')}` : `${used} / ${max}`;
  const percent = unlimited(max) || max <= 0 ? 0 : Math.min(100, Math.round((used / max) * 100));
  return (
    <div className="quota-row" data-testid={testId}>
      <div className="quota-row-head">
        <span>{label}</span>
        <span className="quota-row-value" data-testid={`${testId}-value`}>
          {text}
        </span>
      </div>
      <Progress
        percent={unlimited(max) ? 100 : percent}
        showInfo={false}
        size="small"
        status={!unlimited(max) && percent >= 100 ? 'exception' : 'normal'}
        strokeColor={unlimited(max) ? '#b7d3ff' : undefined}
      />
    </div>
  );
}

/** Edition plans by number (spec 000 §1). */
export function planName(quota: Pick<TeamQuota, 'edition_plan'>, t: (key: string) => string): string {
  return t(`quota.plan${quota.edition_plan}`);
}

function QuotaCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const quota = useQuery({ queryKey: teamKeys.quota(team.id), queryFn: () => teamsApi.quota(team.id) });
  const data = quota.data;
  return (
    <Card title={t('quota.title')} className="settings-card" data-testid="quota-card">
      {!data ? (
        quota.isError ? (
          <span className="muted">{t('common.loadFailed')}</span>
        ) : (
          <Spin />
        )
      ) : (
        <div className="quota">
          <div className="quota-plan">
            <span className="quota-plan-name" data-testid="quota-plan">
              {planName(data, t)}
            </span>
            <Tag data-testid="quota-level">{t('quota.levelN', { level: data.package_level })}</Tag>
          </div>
          <QuotaRow
            label={t('quota.members')}
            used={data.member_curt}
            max={data.member_max}
            testId="quota-members"
          />
          <QuotaRow
            label={t('quota.projects')}
            used={data.project_curt}
            max={data.project_max}
            testId="quota-projects"
          />
          <QuotaRow
            label={t('quota.images')}
            used={data.cur_cnt}
            max={data.hard_limit_cnt}
            testId="quota-images"
          />
        </div>
      )}
    </Card>
  );
}

function TransferDialog({ team, open, onClose }: { team: TeamInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userId } = useSession();
  const [keyword, setKeyword] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: [...teamKeys.members(team.id), 'transfer', keyword],
    queryFn: () => teamsApi.users({ team_id: team.id, keyword, page_num: 1, page_size: 100 }),
    enabled: open,
  });
  const transfer = useMutation({
    mutationFn: (user: string) => teamsApi.transfer({ team_id: team.id, user_id: user }),
    onSuccess: async () => {
      void message.success(t('teamSettings.transferred'));
      onClose();
      setTeams(await teamsApi.userTeams().catch(() => getSession().teams));
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(team.id) });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const options = (candidates.data?.list ?? [])
    .filter((member) => member.user_id !== userId)
    .map((member) => ({ value: member.user_id, label: `${member.name} (${member.email})` }));
  return (
    <Modal
      open={open}
      title={t('teamSettings.transferTitle')}
      okText={t('teamSettings.transfer')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => target && transfer.mutate(target)}
      okButtonProps={{ disabled: !target, danger: true, 'data-testid': 'transfer-confirm' }}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <p className="muted">{t('teamSettings.transferText')}</p>
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        className="full-width"
        placeholder={t('teamSettings.transferPick')}
        value={target}
        onChange={(value) => {
          setTarget(value);
          setError(null);
        }}
        options={options}
        loading={candidates.isFetching}
        notFoundContent={t('members.empty')}
        data-testid="transfer-member-select"
      />
      {error ? <Alert className="dialog-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

function MergeDialog({ team, open, onClose }: { team: TeamInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { teams } = useSession();
  const [target, setTarget] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const targets = teams.filter((other) => teamIdOf(other) !== team.id && other.role.type === 'superadmin');
  const merge = useMutation({
    mutationFn: (targetId: string) => teamsApi.merge({ team_id: team.id, target_team_id: targetId }),
    onSuccess: async (_answer, targetId) => {
      void message.success(t('teamSettings.merged'));
      onClose();
      setTeams(getSession().teams.filter((other) => teamIdOf(other) !== team.id));
      await queryClient.cancelQueries({ queryKey: teamKeys.all(team.id) });
      queryClient.removeQueries({ queryKey: teamKeys.all(team.id) });
      const fresh = await teamsApi.userTeams().catch(() => getSession().teams);
      setTeams(fresh);
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      const next = fresh.find((other) => teamIdOf(other) === targetId);
      if (next) void switchTeam(next);
      else await goToRemainingTeam().catch(() => {});
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  return (
    <Modal
      open={open}
      title={t('teamSettings.mergeTitle', { name: team.name })}
      okText={t('teamSettings.merge')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => target && merge.mutate(target)}
      okButtonProps={{ disabled: !target, danger: true, 'data-testid': 'merge-confirm' }}
      confirmLoading={merge.isPending}
      destroyOnHidden
    >
      <p className="muted">{t('teamSettings.mergeText', { name: team.name })}</p>
      {targets.length === 0 ? (
        <Alert type="info" showIcon title={t('teamSettings.mergeNoTarget')} />
      ) : (
        <Select
          className="full-width"
          placeholder={t('teamSettings.mergePick')}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(null);
          }}
          options={targets.map((other) => ({ value: teamIdOf(other), label: other.name }))}
          data-testid="merge-target"
        />
      )}
      {error ? <Alert className="dialog-alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

interface DissolveValues {
  name: string;
  password: string;
}

function DissolveDialog({ team, open, onClose }: { team: TeamInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<DissolveValues>();
  const [error, setError] = useState<string | null>(null);
  const dissolve = useMutation({
    // The password travels encrypted with the server's public key, as on the account settings page.
    mutationFn: async (values: DissolveValues) =>
      teamsApi.dissolve({
        team_id: team.id,
        name: values.name,
        password: await encryptPassword(values.password),
      }),
    onSuccess: async () => {
      void message.success(t('teamSettings.dissolved', { name: team.name }));
      onClose();
      await leaveLocally(team.id);
    },
    onError: (failure) => setError(formErrorText(failure, t('account.encryptFailed'))),
  });
  return (
    <Modal
      open={open}
      title={t('teamSettings.dissolveTitle', { name: team.name })}
      okText={t('teamSettings.dissolve')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true, 'data-testid': 'dissolve-confirm' }}
      confirmLoading={dissolve.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon className="dialog-alert" title={t('teamSettings.dissolveText')} />
      <Form<DissolveValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={() => error && setError(null)}
        onFinish={(values) => {
          setError(null);
          dissolve.mutate(values);
        }}
      >
        <Form.Item
          name="name"
          label={t('teamSettings.dissolveName', { name: team.name })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '') !== team.name) throw new Error(codeMessage(Codes.TEAM_NAME_MISMATCH, lang));
              },
            },
          ]}
        >
          <Input data-testid="dissolve-name" placeholder={team.name} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('teamSettings.dissolvePassword')}
          rules={[{ required: true, message: t('auth.passwordPlaceholder') }]}
        >
          <Input.Password data-testid="dissolve-password" autoComplete="current-password" />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="dissolve-error" className="dialog-alert" />
      ) : null}
    </Modal>
  );
}

function ManageCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const [dialog, setDialog] = useState<'transfer' | 'merge' | 'dissolve' | null>(null);
  const isOwner = team.role.type === 'superadmin';

  const leave = useMutation({
    mutationFn: () => teamsApi.exit(team.id),
    onSuccess: async () => {
      void message.success(t('teamSettings.left', { name: team.name }));
      await leaveLocally(team.id);
    },
    // 19019 (the super admin cannot simply leave) and the other exit refusals carry the server's words.
    onError: failure,
  });

  const row = (title: string, text: string, action: React.ReactNode) => (
    <div className="manage-row">
      <div>
        <div className="manage-row-title">{title}</div>
        <div className="muted">{text}</div>
      </div>
      {action}
    </div>
  );

  return (
    <Card title={t('teamSettings.manage')} className="settings-card" data-testid="team-manage-card">
      {isOwner
        ? null
        : row(
            t('teamSettings.leave'),
            t('teamSettings.leaveText'),
            <Popconfirm
              icon={<ExclamationCircleFilled style={{ color: '#faad14' }} />}
              title={t('teamSettings.leaveTitle', { name: team.name })}
              okText={t('teamSettings.leave')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'team-leave-confirm' }}
              onConfirm={() => leave.mutateAsync().catch(() => {})}
            >
              <Button danger loading={leave.isPending} data-testid="team-leave">
                {t('teamSettings.leave')}
              </Button>
            </Popconfirm>,
          )}
      {isOwner ? (
        <>
          {row(
            t('teamSettings.transfer'),
            t('teamSettings.transferHint'),
            <Button onClick={() => setDialog('transfer')} data-testid="team-transfer">
              {t('teamSettings.transfer')}
            </Button>,
          )}
          {row(
            t('teamSettings.merge'),
            t('teamSettings.mergeHint'),
            <Button onClick={() => setDialog('merge')} data-testid="team-merge">
              {t('teamSettings.merge')}
            </Button>,
          )}
          {row(
            t('teamSettings.dissolve'),
            t('teamSettings.dissolveHint'),
            <Button danger onClick={() => setDialog('dissolve')} data-testid="team-dissolve">
              {t('teamSettings.dissolve')}
            </Button>,
          )}
          <TransferDialog team={team} open={dialog === 'transfer'} onClose={() => setDialog(null)} />
          <MergeDialog team={team} open={dialog === 'merge'} onClose={() => setDialog(null)} />
          <DissolveDialog team={team} open={dialog === 'dissolve'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </Card>
  );
}

/** Team settings: name and avatar, the plan and its quota, and leaving, handing over, merging or dissolving. */
export function SettingsTab({ team }: { team: TeamInfo }) {
  return (
    <div className="team-tab team-settings-tab" data-testid="settings-tab">
      <InfoCard team={team} />
      <QuotaCard team={team} />
      <ManageCard team={team} />
    </div>
  );
}
