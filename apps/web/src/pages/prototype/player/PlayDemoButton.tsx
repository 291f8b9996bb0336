import { PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GuidePopover } from '../../../components/guides/GuidePopover';

/** Opens the prototype demo: on the stage's toolbar and on a share link's stage. */
export function PlayDemoButton({ to, label = 'demo.play' }: { to: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <GuidePopover name="prototype">
      <Link to={to} data-testid="demo-open" tabIndex={-1}>
        <Button icon={<PlayCircleOutlined />}>{t(label)}</Button>
      </Link>
    </GuidePopover>
  );
}
