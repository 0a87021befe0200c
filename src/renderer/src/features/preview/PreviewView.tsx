import { useEffect, useRef } from 'react';
import { usePreviewStore } from '../../stores/usePreviewStore';

/**
 * Electron: the preview is a view of its own laid over this placeholder (its cookie stays first-party,
 * SPEC §9). The placeholder reports where it is; the view follows it and hides when it unmounts.
 */
export function PreviewView({ agentId, name, visible }: { agentId: string; name: string; visible: boolean }) {
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    const { showInView, hideView } = usePreviewStore.getState();
    if (!element || !visible) {
      void hideView().catch(() => undefined);
      return undefined;
    }
    const place = (): void => {
      const rect = element.getBoundingClientRect();
      const bounds = {
        x: Math.round(rect.left),
        y: Math.round(rect.top),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      };
      void showInView(agentId, name, bounds).catch(() => undefined);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      void hideView().catch(() => undefined);
    };
  }, [agentId, name, visible]);
  return <div ref={placeholder} className="preview-frame" role="region" aria-label={`Preview of ${name}`} />;
}
