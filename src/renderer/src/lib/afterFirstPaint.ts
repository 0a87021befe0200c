// What can wait one frame: the working window paints its conversation and composer first, and the
// panes beside them (the agents, the side pane, the dialogs) the moment that frame is on screen.
import { useEffect, useState } from 'react';

/** False for the first render; true once the frame that showed it has been painted. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callbacks run before it paints; a task queued from one runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
