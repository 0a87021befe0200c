// The window starts here, before React's DOM renderer is evaluated: main.tsx imports this module
// first, so the socket to the core opens and both screens' chunks are asked for while the rest of
// the bundle is still being evaluated (module bodies run in import order).
import { startApp } from './App';

startApp();
