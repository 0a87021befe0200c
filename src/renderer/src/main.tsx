// The window's entry: the core is asked first (boot.ts), then React and the stores load (start.tsx).
import { askTheCore } from './boot';
import './tokens.css';
import './styles.css';
import './window.css';

askTheCore();
void import('./start');
