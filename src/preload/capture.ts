// The screenshot window's only preload (Electron): it gives the page nothing. It removes WebRTC from
// the page's own world before the page's scripts run (the web host's capture does the same with
// Playwright's init script). It runs in every frame, as the window sets nodeIntegrationInSubFrames;
// the window stays sandboxed, so no frame gets Node.
import { contextBridge } from 'electron';
import { removeWebRtc } from '../shared/noWebRtc';

contextBridge.executeInMainWorld({ func: removeWebRtc });
