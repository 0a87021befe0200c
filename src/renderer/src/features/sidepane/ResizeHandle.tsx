import type { KeyboardEvent, PointerEvent } from 'react';
import { PANE_MAX_WIDTH, PANE_MIN_WIDTH, useSidePaneStore } from '../../stores/useSidePaneStore';

/** Drag (or arrow keys) to resize the side pane; the width is saved when the drag ends. */
export function ResizeHandle() {
  const width = useSidePaneStore((state) => state.width);
  const setWidth = useSidePaneStore((state) => state.setWidth);
  const persistWidth = useSidePaneStore((state) => state.persistWidth);

  function onPointerDown(event: PointerEvent<HTMLDivElement>): void {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const target = event.currentTarget;
    target.setPointerCapture?.(event.pointerId);
    const move = (moveEvent: globalThis.PointerEvent): void => setWidth(startWidth + (startX - moveEvent.clientX));
    const up = (): void => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      document.body.classList.remove('resizing');
      persistWidth();
    };
    document.body.classList.add('resizing');
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const delta = event.key === 'ArrowLeft' ? 24 : event.key === 'ArrowRight' ? -24 : 0;
    if (delta === 0) return;
    event.preventDefault();
    setWidth(width + delta);
    persistWidth();
  }

  return (
    <div
      className="resize-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the side pane"
      aria-valuemin={PANE_MIN_WIDTH}
      aria-valuemax={PANE_MAX_WIDTH}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
