import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isTyping } from '../keys';
import { pressed, type Shortcut, Shortcuts, shortcutLabel } from '../shortcuts';
import { closeShortcutsSheet, openShortcutsSheet, useShortcutsSheetOpen } from './shortcutsSheet';
import './help.css';

/**
 * The keyboard shortcuts sheet: `?` opens it anywhere except while typing in a field; it lists the same table
 * the key handlers read (components/shortcuts.ts).
 */
export function ShortcutsSheet() {
  const { t } = useTranslation();
  const open = useShortcutsSheetOpen();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      if (!pressed(Shortcuts.everywhere.shortcuts, event)) return;
      event.preventDefault();
      openShortcutsSheet();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Modal
      open={open}
      onCancel={closeShortcutsSheet}
      footer={null}
      title={t('help.shortcuts.title')}
      width={820}
      destroyOnHidden
    >
      <div className="shortcuts-sheet" data-testid="shortcuts-sheet">
        {Object.entries(Shortcuts).map(([scope, entries]) => (
          <section key={scope} className="shortcuts-scope">
            <h3>{t(`help.shortcuts.scope.${scope}`)}</h3>
            <dl>
              {Object.entries(entries as Record<string, Shortcut>).map(([id, shortcut]) => (
                <div key={id} className="shortcuts-row">
                  <dt>
                    <kbd>{shortcutLabel(shortcut)}</kbd>
                  </dt>
                  <dd>{t(`help.shortcuts.${scope}.${id}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="shortcuts-hint">{t('help.shortcuts.hint')}</p>
      </div>
    </Modal>
  );
}
