// A screenshot's page may not send anything anywhere, and WebRTC gathers candidates over UDP that no
// route filter sees (a page sent the workspace out as a TURN username). So before the page's own
// scripts, in every frame, the constructors are removed: no peer connection can be made at all.
// Self-contained (it is serialised into the page): it names nothing outside itself.
export function removeWebRtc(): void {
  for (const name of [
    'RTCPeerConnection',
    'webkitRTCPeerConnection',
    'RTCDataChannel',
    'RTCIceCandidate',
    'RTCSessionDescription',
    'RTCRtpSender',
    'RTCRtpReceiver',
  ]) {
    try {
      delete (globalThis as Record<string, unknown>)[name];
    } catch {
      // not configurable here: nothing more to do in this frame
    }
  }
}

/** The same as a script's text, for a browser driven over the DevTools protocol. */
export const REMOVE_WEBRTC_SCRIPT = `(${removeWebRtc.toString()})();`;
