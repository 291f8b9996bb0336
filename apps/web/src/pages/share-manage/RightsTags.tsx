import type { ShareRights } from '@ferry/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RIGHT_NAMES } from './target';

/** A link's rights as tags; a link with none is "view only". */
export function RightsTags({ rights }: { rights: ShareRights }) {
  const { t } = useTranslation();
  const granted = RIGHT_NAMES.filter((name) => rights[name]);
  if (granted.length === 0)
    return (
      <Tag variant="filled" data-testid="share-rights-none">
        {t('shareManage.viewOnly')}
      </Tag>
    );
  return (
    <span className="share-rights-tags">
      {granted.map((name) => (
        <Tag key={name} color="blue" variant="filled" data-testid={`share-granted-${name}`}>
          {t(`shareManage.right.${name}`)}
        </Tag>
      ))}
    </span>
  );
}
