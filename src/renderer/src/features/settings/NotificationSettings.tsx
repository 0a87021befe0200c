import { ATTENTION_KIND_WORDS, ATTENTION_KINDS } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useAttentionStore } from '../../stores/useAttentionStore';

const ACCESS_WORDS = {
  granted: 'This browser shows Paddock’s notifications.',
  denied: 'This browser refused notifications for this address; allow them in the site settings.',
  default: 'This browser has not been asked yet.',
  unsupported: 'This browser has no notifications.',
} as const;

/** Settings → Notifications (issue 32): told when needed, while the window is not focused; nothing leaves this machine. */
export function NotificationSettings() {
  const settings = useAttentionStore((state) => state.settings);
  const access = useAttentionStore((state) => state.access);
  const save = useAttentionStore((state) => state.save);
  const askAccess = useAttentionStore((state) => state.askAccess);
  const host = useAppStore((state) => state.info?.host);
  const showError = useAppStore((state) => state.showError);
  const saving = (patch: Parameters<typeof save>[0]): void =>
    void save(patch).catch((reason: unknown) => showError(messageOf(reason)));

  return (
    <div className="notification-settings">
      <p className="hint">
        While the window is not focused, a desktop notification names the agent, the conversation and what happened; a
        click opens it. The system draws it: nothing is sent anywhere but this machine.{' '}
        {host === 'web'
          ? 'In a browser a notification only opens the card (buttons on a page’s notifications need a service worker, which Paddock does not install).'
          : 'On macOS a card that names no danger can be approved or denied from the notification; elsewhere, and for a danger card, it only opens.'}
      </p>
      {host === 'web' && (
        <div className="row">
          <button
            type="button"
            disabled={access === 'granted' || access === 'unsupported'}
            onClick={() => void askAccess()}
          >
            Allow desktop notifications
          </button>
          <span className="hint" role="status">
            {ACCESS_WORDS[access]}
          </span>
        </div>
      )}
      <label className="notification-check">
        <input type="checkbox" checked={settings.enabled} onChange={(e) => saving({ enabled: e.target.checked })} />{' '}
        Desktop notifications
      </label>
      <label className="notification-check">
        <input
          type="checkbox"
          checked={settings.sound}
          disabled={!settings.enabled}
          onChange={(e) => saving({ sound: e.target.checked })}
        />{' '}
        With sound
      </label>
      <fieldset className="notification-kinds" disabled={!settings.enabled}>
        <legend>Tell me when</legend>
        {ATTENTION_KINDS.map((kind) => (
          <label key={kind} className="notification-check">
            <input
              type="checkbox"
              checked={settings.kinds[kind]}
              onChange={(e) => saving({ kinds: { [kind]: e.target.checked } })}
            />{' '}
            {ATTENTION_KIND_WORDS[kind]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
