import type { FieldChange, PlanEntry } from '../api/types.ts';
import { Choices } from '../components/choices.tsx';
import {
  describeField,
  type FieldChoice,
  fieldKey,
  REMOVAL_CHOICES,
  type RemovalAction,
  SIGNS,
  showValue,
  startingText,
} from '../lib/source-plan.ts';

const OUTCOMES: Record<FieldChange['outcome'], { label: string; badge: string }> = {
  take_theirs: { label: 'take upstream', badge: 'ok' },
  keep_ours: { label: 'keep yours', badge: 'draft' },
  converged: { label: 'same change', badge: 'draft' },
  conflict: { label: 'conflict', badge: 'error' },
};

/** A value, shortened behind a disclosure when long. */
function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className="muted">not there</span>;
  const text = showValue(value);
  if (text.length <= 140) return <code>{text}</code>;
  return (
    <details>
      <summary>
        <code>{text.slice(0, 110)}…</code>
      </summary>
      <pre>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** The side the result comes from is green; both sides of a conflict are yellow. */
function sideClass(f: FieldChange, side: 'base' | 'ours' | 'theirs'): string {
  if (f.outcome === 'conflict') return side === 'base' ? 'fc-side' : 'fc-side fc-both';
  if (f.outcome === 'take_theirs' && side === 'theirs') return 'fc-side fc-new';
  if (f.outcome === 'keep_ours' && side === 'ours') return 'fc-side fc-new';
  return 'fc-side';
}

/** A side nobody changed reads "as last applied" rather than repeating the value. */
const unchangedSide = (f: FieldChange, side: 'base' | 'ours' | 'theirs') =>
  (f.outcome === 'take_theirs' && side === 'ours') || (f.outcome === 'keep_ours' && side === 'theirs');

function FieldRow({
  f,
  choice,
  onChoose,
  invalid,
  disabled,
}: {
  f: FieldChange;
  choice?: FieldChoice;
  onChoose(choice: FieldChoice | undefined): void;
  invalid?: string;
  disabled: boolean;
}) {
  const label = describeField(f);
  const outcome = OUTCOMES[f.outcome];
  return (
    <div className={`field-change fc-${f.outcome}`}>
      <div className="fc-head">
        <strong>{label}</strong> <span className={`badge badge-${outcome.badge}`}>{outcome.label}</span>
        {f.reason && <span className="small fc-reason"> {f.reason}</span>}
      </div>
      <div className="fc-sides">
        {(['base', 'ours', 'theirs'] as const).map((side) => (
          <div key={side} className={sideClass(f, side)}>
            <span className="fc-label">
              {side === 'base' ? 'Last applied' : side === 'ours' ? 'Yours' : 'Upstream'}
            </span>
            {unchangedSide(f, side) ? (
              <span className="muted">as last applied</span>
            ) : (
              <Value value={f[side]} />
            )}
          </div>
        ))}
      </div>
      {f.outcome === 'take_theirs' && f.result !== undefined && (
        <p className="small muted">
          Both sides’ additions and removals are kept: <Value value={f.result} />
        </p>
      )}
      {f.outcome === 'conflict' && (
        <div className="fc-choice">
          <Choices
            label={`Resolve ${label}`}
            value={choice?.choice ?? ('' as 'ours')}
            disabled={disabled}
            choices={[
              { value: 'ours', label: 'Keep yours' },
              { value: 'theirs', label: 'Take upstream' },
              { value: 'value', label: 'Write a value' },
            ]}
            onChange={(c) =>
              onChoose(c === 'value' ? { choice: c, text: choice?.text ?? startingText(f) } : { choice: c })
            }
          />
          {choice?.choice === 'value' && (
            <label className="field">
              <span className="field-label">Value for {label}</span>
              <textarea
                rows={4}
                spellCheck={false}
                value={choice.text ?? ''}
                disabled={disabled}
                aria-invalid={invalid ? true : undefined}
                onChange={(e) => onChoose({ choice: 'value', text: e.target.value })}
              />
              {invalid && <small className="field-error">{invalid}</small>}
            </label>
          )}
        </div>
      )}
    </div>
  );
}

const routeOf = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

/** One tool of a plan: what happens to it, its fields three ways, the choices it needs. */
export function PlanEntryCard({
  entry,
  choices,
  removal,
  skipped,
  invalid,
  disabled,
  onChoose,
  onRemoval,
  onSkip,
}: {
  entry: PlanEntry;
  choices: Record<string, FieldChoice>;
  removal?: RemovalAction;
  skipped: boolean;
  invalid: Record<string, string>;
  disabled: boolean;
  onChoose(field: string, choice: FieldChoice | undefined): void;
  onRemoval(action: RemovalAction): void;
  onSkip(skip: boolean): void;
}) {
  const name = entry.tool?.slug ?? entry.candidate?.slug ?? entry.id;
  const id = `plan-${entry.id}`;
  const verb = { add: 'add', change: 'change', move: 'move', remove: 'remove' }[entry.action];
  return (
    <article className={`plan-entry plan-${entry.action}`} aria-labelledby={id}>
      <h3 id={id} className="plan-entry-head">
        <span className="plan-sign" aria-hidden="true">
          {SIGNS[entry.action]}
        </span>
        <span className="sr-only">{verb} </span>
        {name}
        <span className="small muted plan-route">
          {entry.action === 'move' && entry.previous ? (
            <>
              {routeOf(entry.previous)} → {routeOf(entry.operation)}
            </>
          ) : (
            routeOf(entry.operation)
          )}
        </span>
      </h3>
      {entry.previous && entry.action !== 'move' && entry.previous.key !== entry.operation.key && (
        <p className="small muted">
          Key {entry.previous.key} → {entry.operation.key} (the same route: the same tool).
        </p>
      )}
      {entry.breaking.length > 0 && (
        <div className="notice notice-warn small">
          Breaks MCP clients:
          <ul>
            {entry.breaking.map((b) => (
              <li key={`${b.kind}:${b.argument ?? ''}`}>{b.detail}</li>
            ))}
          </ul>
        </div>
      )}
      {entry.problems.map((p) => (
        <p key={p} className="notice notice-error small">
          {p}
        </p>
      ))}
      {entry.action === 'add' && entry.candidate && (
        <>
          <p className="small">
            {entry.candidate.description || <span className="muted">No description.</span>}
          </p>
          <p className="small muted">
            {entry.candidate.http_method} <code>{entry.candidate.endpoint_url}</code>
            {entry.candidate.arguments.length > 0 && <> · arguments {entry.candidate.arguments.join(', ')}</>}
          </p>
          <label className="check">
            <input
              type="checkbox"
              checked={!skipped}
              disabled={disabled || entry.problems.length > 0}
              onChange={(e) => onSkip(!e.target.checked)}
            />{' '}
            Add this tool
          </label>
        </>
      )}
      {entry.action === 'remove' && (
        <>
          <p className="small">The operation is gone from the document. What happens to the tool?</p>
          <Choices
            label={`What to do with ${name}`}
            value={removal ?? ('' as RemovalAction)}
            disabled={disabled}
            choices={REMOVAL_CHOICES.map((c) => ({ value: c.value, label: c.label, hint: c.hint }))}
            onChange={onRemoval}
          />
        </>
      )}
      {(entry.fields as FieldChange[]).map((f) => (
        <FieldRow
          key={fieldKey(f)}
          f={f}
          choice={choices[fieldKey(f)]}
          invalid={invalid[`${entry.id}:${fieldKey(f)}`]}
          disabled={disabled}
          onChoose={(c) => onChoose(fieldKey(f), c)}
        />
      ))}
    </article>
  );
}
