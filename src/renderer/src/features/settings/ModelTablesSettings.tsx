import { useEffect, useState } from 'react';
import { PRICE_FIELDS, type ModelPrice, type ModelTableRow, type ModelTablesView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useModelTablesStore, type ModelOverridesDraft } from '../../stores/useModelTablesStore';

type PriceField = (typeof PRICE_FIELDS)[number];
interface RowDraft {
  window: string;
  price: Record<PriceField, string>;
  builtInWindow: number | null;
  builtInPrice: ModelPrice | null;
}

const PRICE_LABELS: Record<PriceField, string> = {
  input: 'Input',
  output: 'Output',
  cacheRead: 'Cache read',
  cacheWrite: 'Cache write',
};

const text = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
const priceText = (price: ModelPrice | null): Record<PriceField, string> => ({
  input: text(price?.input),
  output: text(price?.output),
  cacheRead: text(price?.cacheRead),
  cacheWrite: text(price?.cacheWrite),
});
/** An empty or unreadable field goes to the core as null: the core names the rule it breaks. */
const number = (value: string): number | null =>
  value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);

function draftOf(view: ModelTablesView): Record<string, RowDraft> {
  const out: Record<string, RowDraft> = {};
  for (const row of view.rows)
    out[row.prefix] = {
      window: text(row.contextWindow),
      price: priceText(row.price),
      builtInWindow: row.builtInWindow,
      builtInPrice: row.builtInPrice,
    };
  return out;
}

/** Only what differs from the built-in table is the owner's: everything else follows Paddock's updates. */
function overridesOf(draft: Record<string, RowDraft>): ModelOverridesDraft {
  const out: ModelOverridesDraft = { contextWindows: {}, prices: {} };
  for (const [prefix, row] of Object.entries(draft)) {
    if (row.window !== text(row.builtInWindow)) out.contextWindows[prefix] = number(row.window);
    const builtIn = priceText(row.builtInPrice);
    if (PRICE_FIELDS.some((field) => row.price[field] !== builtIn[field])) {
      out.prices[prefix] = Object.fromEntries(PRICE_FIELDS.map((field) => [field, number(row.price[field])]));
    }
  }
  return out;
}

function isOverridden(row: ModelTableRow, view: ModelTablesView): boolean {
  return Object.hasOwn(view.overrides.contextWindows, row.prefix) || Object.hasOwn(view.overrides.prices, row.prefix);
}

/** Settings → Models (issue 16): context windows and prices per model name prefix, editable. */
export function ModelTablesSettings() {
  const view = useModelTablesStore((state) => state.view);
  const load = useModelTablesStore((state) => state.load);
  const save = useModelTablesStore((state) => state.save);
  const [draft, setDraft] = useState<Record<string, RowDraft>>({});
  const [adding, setAdding] = useState('');
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void load().catch((reason: unknown) => setStatus({ kind: 'error', text: messageOf(reason) }));
  }, [load]);
  useEffect(() => {
    if (view) setDraft(draftOf(view));
  }, [view]);

  if (!view) return <p className="hint">Loading the model tables…</p>;

  const edit = (prefix: string, change: (row: RowDraft) => RowDraft): void => {
    setStatus(null);
    setDraft((current) => ({ ...current, [prefix]: change(current[prefix]!) }));
  };
  const reset = (prefix: string): void => {
    setStatus(null);
    setDraft((current) => {
      const row = current[prefix];
      const next = { ...current };
      if (row!.builtInWindow === null && row!.builtInPrice === null) delete next[prefix];
      else next[prefix] = { ...row!, window: text(row!.builtInWindow), price: priceText(row!.builtInPrice) };
      return next;
    });
  };
  const add = (): void => {
    const prefix = adding.trim();
    if (!prefix || draft[prefix]) return;
    setDraft((current) => ({
      ...current,
      [prefix]: { window: '', price: priceText(null), builtInWindow: null, builtInPrice: null },
    }));
    setAdding('');
  };
  const submit = (): void => {
    setStatus(null);
    save(overridesOf(draft))
      .then(() => setStatus({ kind: 'saved', text: 'Saved. The next model request uses these numbers.' }))
      .catch((reason: unknown) => setStatus({ kind: 'error', text: messageOf(reason) }));
  };
  const rows = Object.keys(draft).sort();

  return (
    <div className="model-tables">
      <p className="hint">
        The longest prefix that matches an agent&apos;s model applies. The context window sets when earlier results are
        compacted; prices are US dollars per million tokens and give the cost shown beside each turn. Leave a
        model&apos;s prices empty to show tokens only.
      </p>
      <div className="model-table-scroll">
        <table className="settings-table model-table" aria-label="Model context windows and prices">
          <thead>
            <tr>
              <th>Model prefix</th>
              <th>Window (tokens)</th>
              {PRICE_FIELDS.map((field) => (
                <th key={field}>{PRICE_LABELS[field]} $/M</th>
              ))}
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((prefix) => {
              const row = draft[prefix];
              const stored = view.rows.find((candidate) => candidate.prefix === prefix);
              const own = stored ? isOverridden(stored, view) : true;
              return (
                <tr key={prefix}>
                  <td>
                    <code>{prefix}</code>
                    <div className="hint model-source">{own ? 'your setting' : 'built in'}</div>
                  </td>
                  <td>
                    <input
                      type="text"
                      inputMode="numeric"
                      aria-label={`Context window of ${prefix}`}
                      value={row!.window}
                      placeholder={row!.builtInWindow === null ? 'provider default' : undefined}
                      onChange={(event) => edit(prefix, (r) => ({ ...r, window: event.target.value }))}
                    />
                  </td>
                  {PRICE_FIELDS.map((field) => (
                    <td key={field}>
                      <input
                        type="text"
                        inputMode="decimal"
                        step="any"
                        className="price"
                        aria-label={`${PRICE_LABELS[field]} price of ${prefix}`}
                        value={row!.price[field]}
                        onChange={(event) =>
                          edit(prefix, (r) => ({ ...r, price: { ...r.price, [field]: event.target.value } }))
                        }
                      />
                    </td>
                  ))}
                  <td>
                    <button type="button" aria-label={`Reset ${prefix}`} onClick={() => reset(prefix)}>
                      {row!.builtInWindow === null && row!.builtInPrice === null ? 'Remove' : 'Reset'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="row">
        <label>
          Add a model prefix{' '}
          <input
            type="text"
            value={adding}
            placeholder="e.g. qwen2.5-coder"
            aria-label="New model prefix"
            onChange={(event) => setAdding(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && add()}
          />
        </label>
        <button type="button" onClick={add} disabled={adding.trim() === ''}>
          Add
        </button>
        <button type="button" className="primary" onClick={submit}>
          Save model tables
        </button>
        {status && (
          <span
            className={status.kind === 'error' ? 'banner banner-danger' : 'hint'}
            role={status.kind === 'error' ? 'alert' : 'status'}
          >
            {status.text}
          </span>
        )}
      </div>
    </div>
  );
}
