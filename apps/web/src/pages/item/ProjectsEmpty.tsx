import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

function ProjectsIllustration() {
  return (
    <svg width="180" height="132" viewBox="0 0 180 132" aria-hidden="true" focusable="false">
      <ellipse cx="90" cy="120" rx="70" ry="8" fill="#eef1f6" />
      <rect x="46" y="18" width="74" height="56" rx="6" fill="#fff" stroke="#d6dde8" strokeWidth="1.5" />
      <rect x="54" y="27" width="40" height="5" rx="2.5" fill="#e3e8f0" />
      <rect x="54" y="37" width="58" height="28" rx="3" fill="#eaf1ff" />
      <rect x="62" y="10" width="74" height="56" rx="6" fill="#fff" stroke="#c9d3e2" strokeWidth="1.5" />
      <rect x="70" y="19" width="32" height="5" rx="2.5" fill="#e3e8f0" />
      <rect x="70" y="29" width="58" height="28" rx="3" fill="#dce8ff" />
      <circle cx="82" cy="40" r="5" fill="#a9c5ff" />
      <path d="M74 54l10-9 8 6 9-8 13 11z" fill="#7fa8ff" />
      <path
        d="M30 58a8 8 0 0 1 8-8h30l9 9h65a8 8 0 0 1 8 8v45a8 8 0 0 1-8 8H38a8 8 0 0 1-8-8z"
        fill="#2878ff"
        opacity="0.92"
      />
      <path d="M30 72h120v40a8 8 0 0 1-8 8H38a8 8 0 0 1-8-8z" fill="#4d90ff" />
      <rect x="78" y="92" width="24" height="4" rx="2" fill="#fff" opacity="0.7" />
    </svg>
  );
}

/** A call to action under the empty state other than "create project" (e.g. "see all projects"). */
export interface EmptyAction {
  label: string;
  onClick: () => void;
  testId: string;
}

/**
 * The project list without projects. `title` and `text` say why it is empty (a tab, a folder, a search);
 * by default the team has none. Those who may create a project (`canCreateProject`) get the button, otherwise
 * a line of text says where projects will appear; `action` offers another way on.
 */
export function ProjectsEmpty({
  canCreateProject,
  onCreate,
  title,
  text,
  action,
}: {
  canCreateProject: boolean;
  onCreate?: () => void;
  title?: string;
  text?: string;
  action?: EmptyAction;
}) {
  const { t } = useTranslation();
  const hint = canCreateProject ? t('item.emptyCreateHint') : t('item.emptyHint');
  return (
    <div className="item-empty" data-testid="item-empty">
      <Empty
        image={<ProjectsIllustration />}
        styles={{ image: { height: 132, marginBottom: 20 } }}
        description={
          <>
            <div className="item-empty-title">{title ?? t('item.emptyTitle')}</div>
            <div className="item-empty-text">{text ?? hint}</div>
          </>
        }
      >
        {action ? (
          <Button onClick={action.onClick} data-testid={action.testId}>
            {action.label}
          </Button>
        ) : null}
        {canCreateProject ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={onCreate}
            className={action ? 'item-empty-second' : undefined}
            data-testid="item-create-project"
          >
            {t('item.createProject')}
          </Button>
        ) : null}
      </Empty>
    </div>
  );
}
