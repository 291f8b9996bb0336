import { CameraOutlined } from '@ant-design/icons';
import { Codes, codeMessage, Limits, type TeamInfo, teamNameSchema } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { teamsApi } from '../../../api/teams';
import { useLang } from '../../../components/hooks';
import { TeamAvatar } from '../../../components/TeamList';
import { useFailureToast } from '../../../components/useFailureToast';
import { schemaRule } from '../../../forms/rules';
import { queryClient } from '../../../queryClient';
import { updateStoredTeam } from '../../../state/teamQueries';
import { DesignSystemSwitch } from './DesignSystemSwitch';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];

/** JPG or PNG of at most 3M (spec 000 §5), checked before the upload; the server checks the bytes again. */
export function avatarProblem(file: Pick<File, 'type' | 'size' | 'name'>): boolean {
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  const typeOk = AVATAR_TYPES.includes(file.type) || (!file.type && byName);
  return !typeOk || file.size > Limits.avatarMaxBytes;
}

/** The team's name, avatar and design system switch; only those who may rename the team change them. */
export function InfoCard({ team }: { team: TeamInfo }) {
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
              <div className="muted team-info-avatar-hint" data-testid="team-avatar-hint">
                {t('teamSettings.avatarRules', { size: Limits.avatarMaxBytes / 1024 / 1024 })}
              </div>
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
                extra={t('common.objectNameRules', { max: Limits.nameMaxLength })}
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
        </div>
      </div>
      <DesignSystemSwitch team={team} />
    </Card>
  );
}
