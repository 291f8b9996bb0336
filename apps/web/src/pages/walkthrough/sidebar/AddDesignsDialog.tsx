import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import { type StageImage, WalkthroughLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../stage/stageModel';
import { stageQueries } from '../../stage/stageQueries';

/** Sets group designs on the stage; they have no picture to compare. */
const comparable = (image: StageImage) => image.type !== 'set';

/**
 * Picks designs of the project to become pages of the task: the stage's designs (the same read, so an open
 * stage's cache serves it), searchable by name; those already pages are marked and cannot be picked again.
 */
export function AddDesignsDialog({
  open,
  teamId,
  projectId,
  added,
  onSubmit,
  onClose,
}: {
  open: boolean;
  teamId: string;
  projectId: string;
  /** Design ids already pages. */
  added: ReadonlySet<string>;
  /** Answers whether they were added. */
  onSubmit: (imageIds: string[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const images = useQuery({ ...stageQueries(teamId, projectId).images, enabled: open });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setKeyword('');
    setPicked([]);
    onClose();
  };
  const designs = (images.data?.images ?? [])
    .filter(comparable)
    .filter((image) => image.name.toLowerCase().includes(keyword.trim().toLowerCase()));
  const full = picked.length >= WalkthroughLimits.pagesBatchMax;
  const toggle = (id: string) =>
    setPicked((old) => (old.includes(id) ? old.filter((each) => each !== id) : full ? old : [...old, id]));
  const submit = async () => {
    setSaving(true);
    try {
      if (await onSubmit(picked)) close();
    } finally {
      setSaving(false);
    }
  };

  let body = null;
  if (images.isError && !images.data)
    body = (
      <Result
        status="error"
        title={t('walkthrough.addDesigns.loadFailed')}
        subTitle={images.error.message}
        extra={<Button onClick={() => void images.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (!images.data) body = <Spin className="wt-dialog-spin" />;
  else if (designs.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(keyword.trim() ? 'walkthrough.addDesigns.noMatch' : 'walkthrough.addDesigns.none')}
      />
    );
  else
    body = (
      <ul className="wt-design-grid" data-testid="wt-design-choices">
        {designs.map((image) => {
          const isAdded = added.has(image.id);
          const isPicked = picked.includes(image.id);
          const thumb = thumbnailUrl(image);
          return (
            <li key={image.id}>
              <button
                type="button"
                className={`wt-design-choice${isPicked ? ' is-picked' : ''}`}
                disabled={isAdded || (full && !isPicked)}
                aria-pressed={isPicked}
                onClick={() => toggle(image.id)}
                data-testid="wt-design-choice"
                data-image-id={image.id}
              >
                <span className="wt-design-choice-thumb">
                  {thumb ? <img src={thumb} alt="" loading="lazy" draggable={false} /> : null}
                  {isPicked ? <CheckCircleFilled className="wt-design-choice-check" /> : null}
                </span>
                <span className="wt-design-choice-name" title={image.name}>
                  {image.name}
                </span>
                {isAdded ? <span className="wt-muted">{t('walkthrough.addDesigns.added')}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Modal
      open={open}
      width={720}
      title={t('walkthrough.addDesigns.title')}
      okText={t('walkthrough.addDesigns.submit', { count: picked.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'wt-add-designs-save' }}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <div className="wt-add-designs" data-testid="wt-add-designs">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('walkthrough.addDesigns.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="wt-add-designs-search"
        />
        {full ? (
          <p className="wt-muted">
            {t('walkthrough.addDesigns.max', { max: WalkthroughLimits.pagesBatchMax })}
          </p>
        ) : null}
        {body}
      </div>
    </Modal>
  );
}
