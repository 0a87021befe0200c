// React, the stores and the window's styles: loaded beside boot.ts's first questions (index.html
// preloads this chunk), evaluated when it arrives.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startWindow } from './eventRouter';
import { markStart } from './lib/startMarks';

markStart('react-loaded');
startWindow();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
