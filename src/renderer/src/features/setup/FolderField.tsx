import { useEffect, useState } from 'react';
import type { DirectoryPurpose } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useSetupStore } from '../../stores/useSetupStore';

/**
 * A folder the owner picks. Electron: the host's folder dialog ("Choose folder…"). The web host has
 * none: the path completes folder by folder as it is typed (the core lists them). Typing stays
 * possible in both.
 */
export function FolderField({
  id,
  value,
  onChange,
  purpose,
  placeholder,
  describedBy,
  onError,
}: {
  id: string;
  value: string;
  onChange(folder: string): void;
  purpose: DirectoryPurpose;
  placeholder: string;
  describedBy?: string;
  onError(message: string): void;
}) {
  const canPick = useAppStore((state) => state.info?.canPickDirectory ?? false);
  const pickDirectory = useAgentsStore((state) => state.pickDirectory);
  const complete = useSetupStore((state) => state.complete);
  const [completions, setCompletions] = useState<string[]>([]);

  // The completions follow the typing, a moment after it pauses.
  useEffect(() => {
    const typed = value.trim();
    if (typed === '') {
      setCompletions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void complete(typed).then(
        (folders) => current && setCompletions(folders),
        () => undefined,
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, complete]);

  async function choose(): Promise<void> {
    const picked = await pickDirectory(purpose).catch((reason: unknown) => {
      onError(messageOf(reason));
      return null;
    });
    if (picked) onChange(picked);
  }

  return (
    <div className="row folder-field">
      <input
        id={id}
        list={`${id}-completions`}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-completions`}>
        {completions.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      {canPick && (
        <button type="button" onClick={() => void choose()}>
          Choose folder…
        </button>
      )}
    </div>
  );
}
