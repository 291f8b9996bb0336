import { App, Button, Modal, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../queryClient';
import { isBuilt } from '../state/features';
import { type LabOptions, useLab, writeLab } from '../state/lab';
import { clearCachedData } from '../state/storage';
import './SettingsDialog.css';

/** A switch row: what it does on the left, the switch on the right. */
function SwitchRow({
  option,
  checked,
  onChange,
  hint,
}: {
  option: keyof LabOptions;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="settings-row">
      <span className="settings-row-text">
        <span id={`lab-${option}-label`}>{t(`lab.${option}`)}</span>
        {hint ? <span className="settings-row-hint">{hint}</span> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        aria-labelledby={`lab-${option}-label`}
        data-testid={`lab-${option}`}
      />
    </div>
  );
}

/**
 * The settings dialog of spec 000 §3: the Axure zoom switch (once Axure prototypes exist), the lab options (ESC on the mark page, traditional
 * box-select, free zoom, performance priority — which reloads the page) and clearing the browser's cached data.
 * The options are kept in the browser (state/lab.ts); clearing the cache keeps the session and preferences.
 */
export function SettingsDialog({
  open,
  onClose,
  reload = () => window.location.reload(),
}: {
  open: boolean;
  onClose: () => void;
  /** Replaced in tests; performance priority only takes effect on a fresh page. */
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lab = useLab();
  const [clearing, setClearing] = useState(false);

  const clearCache = async () => {
    setClearing(true);
    try {
      clearCachedData();
      // Answers nothing shows any more go; what is on screen stays until it is read again (emptying it would
      // unmount the page around this dialog).
      queryClient.removeQueries({ type: 'inactive' });
      await queryClient.invalidateQueries();
      void message.success(t('lab.clearCacheSuccess'));
    } catch {
      void message.error(t('lab.clearCacheFailed'));
    } finally {
      setClearing(false);
    }
  };

  return (
    <Modal open={open} title={t('lab.title')} onCancel={onClose} footer={null} width={520} destroyOnHidden>
      <div className="settings-dialog" data-testid="settings-dialog">
        {isBuilt('axurePrototypes') ? (
          <section className="settings-section">
            <h4>{t('lab.general')}</h4>
            <SwitchRow
              option="axureZoom"
              checked={lab.axureZoom}
              onChange={(on) => writeLab({ axureZoom: on })}
              hint={t('lab.axureZoomHint')}
            />
          </section>
        ) : null}
        <section className="settings-section">
          <h4>{t('lab.labTitle')}</h4>
          <div className="settings-row" data-testid="lab-escOnMark-row">
            <span className="settings-row-text">
              <span>{t('lab.escOnMark')}</span>
            </span>
            <Radio.Group
              className="settings-row-choice"
              size="small"
              optionType="button"
              value={lab.escOnMark}
              onChange={(event) => writeLab({ escOnMark: event.target.value })}
              options={[
                { value: 'deselect', label: t('lab.escDeselect') },
                { value: 'back', label: t('lab.escBack') },
              ]}
              data-testid="lab-escOnMark"
            />
          </div>
          <SwitchRow
            option="boxSelect"
            checked={lab.boxSelect}
            onChange={(on) => writeLab({ boxSelect: on })}
            hint={t('lab.boxSelectHint')}
          />
          <SwitchRow
            option="freeZoom"
            checked={lab.freeZoom}
            onChange={(on) => writeLab({ freeZoom: on })}
            hint={t('lab.freeZoomHint')}
          />
          <SwitchRow
            option="performance"
            checked={lab.performance}
            onChange={(on) => {
              writeLab({ performance: on });
              reload();
            }}
            hint={t('lab.performanceHint')}
          />
        </section>
        <section className="settings-section">
          <h4>{t('lab.cacheTitle')}</h4>
          <div className="settings-row">
            <span className="settings-row-text">
              <span className="settings-row-hint">{t('lab.clearCacheHint')}</span>
            </span>
            <Button onClick={() => void clearCache()} loading={clearing} data-testid="lab-clear-cache">
              {t('lab.clearCache')}
            </Button>
          </div>
        </section>
      </div>
    </Modal>
  );
}
