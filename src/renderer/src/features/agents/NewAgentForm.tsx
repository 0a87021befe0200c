import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';

export function NewAgentForm({ onDone }: { onDone(): void }) {
  const create = useAgentsStore((state) => state.create);
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    try {
      await create({
        name: name.trim(),
        handle:
          handle.trim() ||
          name
            .trim()
            .toLowerCase()
            .replace(/[^a-z0-9_-]+/g, '-'),
      });
      onDone();
    } catch (reason) {
      setError(messageOf(reason));
    }
  }

  return (
    <form className="new-agent" onSubmit={(event) => void submit(event)} aria-label="New agent">
      <label>
        Name
        <input
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Developer"
          required
        />
      </label>
      <label>
        Handle
        <input value={handle} onChange={(event) => setHandle(event.target.value)} placeholder="@dev" />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="primary">
          Create agent
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
