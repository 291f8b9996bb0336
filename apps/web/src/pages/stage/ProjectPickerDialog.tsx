import { CheckCircleFilled, CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferOutcome } from '../../api/designs';
import { listAllProjects } from '../../api/projects';

/**
 * Copy or move the selected designs to another project of the team: the projects the caller may add designs to
 * (not this one, not design-system projects), then what happened to each design (spec 001 §4: errIds, doneIds).
 */
export function ProjectPickerDialog({
  mode,
  teamId,
  projectId,
  imageIds,
  nameOf,
  onSubmit,
  onClose,
}: {
  mode: 'copy' | 'move' | null;
  teamId: string;
  projectId: string;
  imageIds: string[];
  nameOf: (id: string) => string;
  onSubmit: (mode: 'copy' | 'move', targetId: string) => Promise<TransferOutcome>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null);
  const projects = useQuery({
    queryKey: ['team', teamId, 'stage-transfer-targets'],
    queryFn: () => listAllProjects(teamId),
    enabled: mode !== null,
  });
  const close = () => {
    setKeyword('');
    setTarget(null);
    setOutcome(null);
    onClose();
  };
  const candidates = (projects.data ?? []).filter(
    (project) =>
      project.project_id !== projectId &&
      project.type !== 'dsm' &&
      project.abilities.can_edit &&
      project.name.toLowerCase().includes(keyword.trim().toLowerCase()),
  );
  const submit = async () => {
    if (!mode || !target) return;
    setBusy(true);
    try {
      setOutcome(await onSubmit(mode, target));
    } catch {
      // The failure is shown as a toast; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  const title = t(mode === 'move' ? 'stage.transfer.moveTitle' : 'stage.transfer.copyTitle', {
    count: imageIds.length,
  });
  return (
    <Modal
      open={mode !== null}
      title={title}
      onCancel={close}
      destroyOnHidden
      okText={outcome ? t('stage.transfer.done') : t(`stage.transfer.${mode ?? 'copy'}`)}
      cancelButtonProps={outcome ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ disabled: !outcome && !target, 'data-testid': 'transfer-confirm' }}
      confirmLoading={busy}
      onOk={outcome ? close : submit}
    >
      {outcome ? (
        <div className="stage-transfer-outcome" data-testid="transfer-outcome">
          {outcome.doneIds.length > 0 ? (
            <p className="is-done" data-testid="transfer-done">
              <CheckCircleFilled /> {t(`stage.transfer.${mode}Done`, { count: outcome.doneIds.length })}
            </p>
          ) : null}
          {outcome.errIds.length > 0 ? (
            <div className="is-failed" data-testid="transfer-failed">
              <p>
                <CloseCircleFilled /> {t('stage.transfer.failed', { count: outcome.errIds.length })}
              </p>
              <ul>
                {outcome.errIds.map((id) => (
                  <li key={id}>{nameOf(id)}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('stage.transfer.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <div className="stage-transfer-list" data-testid="transfer-projects">
            {projects.isLoading ? <Spin /> : null}
            {!projects.isLoading && candidates.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stage.transfer.none')} />
            ) : null}
            {candidates.map((project) => (
              <button
                type="button"
                key={project.project_id}
                className={`stage-transfer-project${target === project.project_id ? ' is-chosen' : ''}`}
                onClick={() => setTarget(project.project_id)}
                data-testid="transfer-project"
                data-project-name={project.name}
              >
                <span className={`stage-transfer-swatch theme-${project.theme}`} />
                {project.name}
              </button>
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
