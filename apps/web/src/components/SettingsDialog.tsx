import { PREFERENCE_FLAGS, type PreferenceFlag, PreferenceLimits } from '@ferry/shared';
import { App, Button, Modal, Radio, Slider, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../queryClient';
import { useFeature } from '../state/features';
import { type LabOptions, useLab, writeLab } from '../state/lab';
import { readPreferences, usePreferences, writePreferences } from '../state/preferences';
import { clearCachedData } from '../state/storage';
import './SettingsDialog.css';

/** A switch row: what it does on the left, the switch on the right. `id` names the switch for tests. */
function SwitchRow({
  id,
  label,
  checked,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <div className="settings-row">
      <span className="settings-row-text">
        <span id={`${id}-label`}>{label}</span>
        {hint ? <span className="settings-row-hint">{hint}</span> : null}
      </span>
      <Switch checked={checked} onChange={onChange} aria-labelledby={`${id}-label`} data-testid={id} />
    </div>
  );
}

/** A lab option's row. */
function LabRow({
  option,
  ...rest
}: {
  option: keyof LabOptions;
  checked: boolean;
  onChange: (on: boolean) => void;
  hint?: string;
}) {
  const { t } = useTranslation();
  return <SwitchRow id={`lab-${option}`} label={t(`lab.${option}`)} {...rest} />;
}

/** The flags the lab section above already shows (state/preferences.ts keeps them as lab options). */
const LAB_FLAGS: readonly PreferenceFlag[] = ['axureZoom', 'escBack', 'boxSelect', 'freeZoom', 'performance'];

/** Every other preference flag, in the list's order, each switched here and followed in every browser. */
function PreferenceSection() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  return (
    <section className="settings-section" data-testid="settings-preferences">
      <h4>{t('preferences.title')}</h4>
      {PREFERENCE_FLAGS.filter((flag) => !LAB_FLAGS.includes(flag)).map((flag) => (
        <SwitchRow
          key={flag}
          id={`preference-${flag}`}
          label={t(`preferences.flag.${flag}.label`)}
          hint={t(`preferences.flag.${flag}.hint`)}
          checked={preferences[flag]}
          onChange={(on) => writePreferences({ [flag]: on })}
        />
      ))}
    </section>
  );
}

/**
 * The settings dialog of spec 000 §3: the Axure zoom switch (once Axure prototypes exist), the lab options (ESC on the mark page, traditional
 * box-select, free zoom, performance priority — which reloads the page), the other preference flags and clearing
 * the browser's cached data.
 * The options and the zoom speed are kept in the browser and saved for the user, who finds them in any other browser
 * after sign-in (state/lab.ts, state/preferences.ts); clearing the cache keeps the session and preferences.
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
  const axureOn = useFeature('axure_prototypes');
  const { message } = App.useApp();
  const lab = useLab();
  const [clearing, setClearing] = useState(false);
  const [zoomSpeed, setZoomSpeed] = useState(() => readPreferences().zoomSpeed);

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
        {axureOn ? (
          <section className="settings-section">
            <h4>{t('lab.general')}</h4>
            <LabRow
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
          <LabRow
            option="boxSelect"
            checked={lab.boxSelect}
            onChange={(on) => writeLab({ boxSelect: on })}
            hint={t('lab.boxSelectHint')}
          />
          <LabRow
            option="freeZoom"
            checked={lab.freeZoom}
            onChange={(on) => writeLab({ freeZoom: on })}
            hint={t('lab.freeZoomHint')}
          />
          <div className="settings-row" data-testid="lab-zoomSpeed">
            <span className="settings-row-text">
              <span id="lab-zoomSpeed-label">{t('preferences.zoomSpeed')}</span>
              <span className="settings-row-hint">{t('preferences.zoomSpeedHint')}</span>
            </span>
            <Slider
              className="settings-row-choice"
              style={{ width: 140 }}
              min={PreferenceLimits.zoomSpeedMin}
              max={PreferenceLimits.zoomSpeedMax}
              step={100}
              value={zoomSpeed}
              onChange={setZoomSpeed}
              onChangeComplete={(value) => writePreferences({ zoomSpeed: value })}
              aria-labelledby="lab-zoomSpeed-label"
            />
          </div>
          <LabRow
            option="performance"
            checked={lab.performance}
            onChange={(on) => {
              writeLab({ performance: on });
              reload();
            }}
            hint={t('lab.performanceHint')}
          />
        </section>
        <PreferenceSection />
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
