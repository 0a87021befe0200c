// The window's entry: the core is asked first (boot.ts), then React and the stores load (start.tsx).
import { whenLinkSettles } from './api';
import { askTheCore } from './boot';
import './tokens.css';
import './styles.css';
import './window.css';

askTheCore();
// React and the stores are evaluated once the socket has opened (or 60 ms have passed): their
// evaluation would otherwise hold the open, and the first questions, behind it.
void whenLinkSettles(60).then(() => import('./start'));
