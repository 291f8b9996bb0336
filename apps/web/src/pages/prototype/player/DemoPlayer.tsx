import { HOTSPOT_BACK, type HotspotView, type StageImage } from '@ferry/shared';
import { App } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTyping } from '../../../components/keys';
import { pressed, Shortcuts } from '../../../components/shortcuts';
import { usePreferences } from '../../../state/preferences';
import { useElementSize } from '../../detail/useElementSize';
import { DemoHotspots } from './DemoHotspots';
import { DemoToolbar } from './DemoToolbar';
import {
  currentOf,
  type DemoHistory,
  type Fit,
  fittedSize,
  historyAt,
  historyGo,
  historyStep,
  hotspotsByDesign,
  nextTargets,
} from './demoModel';
import { decodePicture, pictureOf, releasePictures, useShownPicture } from './pictures';

/** How long the hotspots stay lit after a click beside them (the CSS animation's length). */
const FLASH_MS = 800;
/** How long after a switch the address bar follows. */
const ADDRESS_DELAY_MS = 300;

export interface DemoPlayerProps {
  designs: readonly StageImage[];
  hotspots: readonly HotspotView[];
  startId: string;
  mobile: boolean;
  /** Each design shown, for the address bar. */
  onShow: (designId: string) => void;
  onLeave: () => void;
}

/**
 * The demo itself: one design at a time on a dark backdrop; its hotspots lead to other designs, a click beside
 * them shows where they are. The player keeps its own history (back / forward, ← / →); Esc leaves.
 */
export function DemoPlayer({ designs, hotspots, startId, mobile, onShow, onLeave }: DemoPlayerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [history, setHistory] = useState<DemoHistory>(() => historyAt(startId));
  const [fit, setFit] = useState<Fit>('width');
  const [deviceFrame, setDeviceFrame] = useState(mobile);
  const [flash, setFlash] = useState(0);
  const flashCount = useRef(0);
  const viewportRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const viewport = useElementSize(viewportRef);

  const byId = useMemo(() => new Map(designs.map((design) => [design.id, design])), [designs]);
  const byDesign = useMemo(() => hotspotsByDesign(hotspots), [hotspots]);
  // The design on screen was removed (deleted meanwhile, read again): the demo starts over, and says why.
  const [removals, setRemovals] = useState(0);
  if (!byId.has(currentOf(history)) && byId.has(startId)) {
    setHistory(historyAt(startId));
    setRemovals((count) => count + 1);
  }
  useEffect(() => {
    if (removals) void message.info(t('demo.designRemoved'));
  }, [removals, message, t]);
  const wanted = byId.get(currentOf(history));
  const shown = useShownPicture(wanted ? { designId: wanted.id, src: pictureOf(wanted) } : null, frameRef);
  const shownDesign = shown ? byId.get(shown.designId) : undefined;
  const shownHotspots = (shownDesign && byDesign.get(shownDesign.id)) || [];

  const go = useCallback((designId: string) => setHistory((now) => historyGo(now, designId)), []);
  const back = useCallback(() => setHistory((now) => historyStep(now, -1)), []);
  const forward = useCallback(() => setHistory((now) => historyStep(now, 1)), []);
  const restart = () => setHistory(historyAt(startId));
  const follow = (hotspot: HotspotView) => {
    if (hotspot.next_image === HOTSPOT_BACK) back();
    else if (byId.has(hotspot.next_image)) go(hotspot.next_image);
  };

  // The address names the design on screen, so a reload or a copied address opens it again. It follows a
  // moment later: re-rendering the route beside a switch would hold up the next design's first frame.
  const onShowRef = useRef(onShow);
  onShowRef.current = onShow;
  const wantedId = wanted?.id;
  useEffect(() => {
    if (!wantedId) return;
    const timer = window.setTimeout(() => onShowRef.current(wantedId), ADDRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wantedId]);

  const shownId = shownDesign?.id;
  // Each design opens at its top, as a screen of an app would (before it paints).
  useLayoutEffect(() => {
    if (shownId) viewportRef.current?.scrollTo?.(0, 0);
  }, [shownId]);

  // Where this design's hotspots lead is decoded ahead, so a click paints the next design at once.
  useEffect(() => {
    if (!shownId) return;
    for (const target of nextTargets(byDesign.get(shownId) ?? [])) {
      const design = byId.get(target);
      if (design) void decodePicture(pictureOf(design));
    }
  }, [shownId, byDesign, byId]);

  // The decoded pictures are let go with the demo.
  useEffect(() => releasePictures, []);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(0), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);
  const { hotspotHints } = usePreferences();
  const flashHotspots = () => {
    // The user's hotspotHints preference: off, a click beside the hotspots shows nothing.
    if (!hotspotHints) return;
    flashCount.current += 1;
    setFlash(flashCount.current);
  };

  const leaveRef = useRef(onLeave);
  leaveRef.current = onLeave;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Keys typed into the design list's search are the list's own.
      if (isTyping(event.target)) {
        // Esc first leaves the design list (seen first: the list keeps its keys to itself); the next, the demo.
        if (event.key === 'Escape') (event.target as HTMLElement).blur();
        return;
      }
      if (pressed(Shortcuts.demo.back, event)) back();
      else if (pressed(Shortcuts.demo.forward, event)) forward();
      else if (pressed(Shortcuts.demo.leave, event)) leaveRef.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [back, forward]);

  const framed = mobile && deviceFrame;
  const size = shownDesign ? fittedSize(shownDesign, viewport, fit) : { width: 0, height: 0 };
  const picture = shown && shownDesign && (
    <div
      ref={frameRef}
      className="demo-frame"
      style={size.width ? { width: size.width, height: size.height } : undefined}
      data-testid="demo-frame"
      data-design-id={shownDesign.id}
    >
      {shownDesign.status === 'ready' ? (
        <img className="demo-picture" src={shown.src} alt={shownDesign.name} draggable={false} />
      ) : (
        <div className="demo-unready" data-testid="demo-unready">
          {t(shownDesign.status === 'failed' ? 'demo.failedDesign' : 'demo.processingDesign')}
        </div>
      )}
      <DemoHotspots hotspots={shownHotspots} design={shownDesign} flashing={flash} onFollow={follow} />
    </div>
  );
  return (
    <div className={`demo-page${framed ? ' is-framed' : ''}`} data-testid="demo-page">
      <DemoToolbar
        designs={designs}
        current={shownDesign ?? wanted}
        onLeave={onLeave}
        onBack={history.index > 0 ? back : null}
        onForward={history.index < history.entries.length - 1 ? forward : null}
        onRestart={restart}
        fit={fit}
        onFit={setFit}
        deviceFrame={mobile ? deviceFrame : null}
        onDeviceFrame={setDeviceFrame}
        onPick={(designId) => {
          go(designId);
          // The arrow keys step through the demo again, not through the list.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        }}
      />
      {/* A click anywhere but on a hotspot shows where the hotspots are; the keys have their own listener. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a pointer surface; hotspots are buttons */}
      <div className="demo-stage" onClick={flashHotspots} data-testid="demo-stage">
        {/* One element in both modes: the bezel is a class, so the viewport's size keeps being followed. */}
        <div
          className={framed ? 'demo-device' : 'demo-shell'}
          data-testid={framed ? 'demo-device' : undefined}
        >
          <div ref={viewportRef} className="demo-viewport">
            {picture}
          </div>
        </div>
      </div>
    </div>
  );
}
