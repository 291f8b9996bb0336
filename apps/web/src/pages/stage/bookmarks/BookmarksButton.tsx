import { BookOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '../../../components/OnceOpened';

/** The panel's code loads when it is first opened. */
const LazyBookmarksDrawer = lazyNamed(
  () => import('./BookmarksDrawer'),
  (module) => module.BookmarksDrawer,
);

/** The stage toolbar's bookmarks toggle; the stage holds whether the panel is open. */
export function BookmarksButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<BookOutlined />}
      type={open ? 'primary' : 'default'}
      ghost={open}
      aria-pressed={open}
      onClick={onToggle}
      data-testid="bookmarks-open"
    >
      {t('bookmarks.open')}
    </Button>
  );
}

/**
 * The bookmarks panel, mounted by the stage beside its other drawers: the toolbar is rebuilt when the
 * editing right arrives, and the panel's state must not go with it.
 */
export function BookmarksPanel(props: {
  teamId: string;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <OnceOpened open={props.open}>
      <LazyBookmarksDrawer {...props} />
    </OnceOpened>
  );
}
