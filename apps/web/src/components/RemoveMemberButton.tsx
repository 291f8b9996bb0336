import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The red "Remove" link of a members table, asking first. Test ids: `<testId>` on the link and
 * `<testId>-confirm` on the confirming button.
 */
export function RemoveMemberButton({
  title,
  description,
  testId,
  onConfirm,
}: {
  title: string;
  description: string;
  testId: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('members.remove')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': `${testId}-confirm` }}
      onConfirm={() => onConfirm().catch(() => {})}
    >
      <Button type="link" danger size="small" data-testid={testId}>
        {t('members.remove')}
      </Button>
    </Popconfirm>
  );
}
