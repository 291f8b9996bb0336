import { Limits, type TeamMember } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { teamsApi } from '../../api/teams';
import { queryClient } from '../../queryClient';
import { teamKeys } from '../../state/teamQueries';

/**
 * The team nickname of a member (PUT account/team_settings). A second change within 24 h answers
 * 60001, whose 5 s warning the API client shows; any other failure shows "change failed, check the
 * network" for 3 s (spec 000 §8).
 */
export function NicknameDialog({
  teamId,
  member,
  onClose,
}: {
  teamId: string;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nickname: string }>();

  useLayoutEffect(() => {
    if (member) form.setFieldsValue({ nickname: member.remark });
  }, [member, form]);

  const save = useMutation({
    mutationFn: (nickname: string) =>
      teamsApi.setNickname({ team_id: teamId, user_id: member?.user_id ?? '', nickname }),
    onSuccess: () => {
      void message.success(t('members.nicknameSaved'));
      void queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.handled) return;
      void message.error(t('members.nicknameFailed'), Limits.toastDefaultMs / 1000);
    },
  });

  return (
    <Modal
      open={member !== null}
      title={t('members.setNicknameOf', { name: member?.name ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'nickname-save' }}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ nickname }) => {
          // Without a team and a member the change is skipped (spec 000 §5).
          if (!teamId || !member) return;
          save.mutate((nickname ?? '').trim());
        }}
      >
        <Form.Item
          name="nickname"
          label={t('members.nickname')}
          extra={t('members.nicknameHint')}
          rules={[{ max: Limits.nameMaxLength, message: t('members.nicknameLength') }]}
        >
          <Input data-testid="nickname-input" maxLength={Limits.nameMaxLength} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
