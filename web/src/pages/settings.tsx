import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { Settings } from '../api/types.ts';
import { Busy } from '../components/busy.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { Checkbox, Field } from '../components/field.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useFormErrors } from '../lib/form-errors.ts';
import {
  SETTINGS,
  type SettingsDraft,
  settingsPatch,
  settingsToDraft,
  validateSettings,
} from '../lib/settings-form.ts';

export function SettingsPage() {
  const { can } = useAuth();
  const [settings, setSettings] = useState<Settings>();
  const [draft, setDraft] = useState<SettingsDraft>({});
  const [loadError, setLoadError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const [retention, setRetention] = useState<{ deleted: Record<string, number> }>();
  const [retentionBusy, setRetentionBusy] = useState(false);
  const [retentionError, setRetentionError] = useState<unknown>();

  useEffect(() => {
    api<Settings>('GET', '/settings').then((s) => {
      setSettings(s);
      setDraft(settingsToDraft(s));
    }, setLoadError);
  }, []);

  const edit = (name: string, value: string | boolean) => {
    setDraft({ ...draft, [name]: value });
    setSaved('');
  };
  const validation = useFormErrors(validateSettings(draft));
  const { errors } = validation;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!settings || !validation.check()) return;
    const patch = settingsPatch(draft, settings);
    if (!Object.keys(patch).length) return setSaved('Nothing changed.');
    setBusy(true);
    try {
      const next = await api<Settings>('PATCH', '/settings', patch);
      setSettings(next);
      setDraft(settingsToDraft(next));
      setSaved(`Saved ${Object.keys(patch).length} setting(s).`);
      validation.reset();
    } catch (e2) {
      validation.fail(e2);
    } finally {
      setBusy(false);
    }
  };
  const runRetention = async () => {
    setRetentionBusy(true);
    setRetentionError(undefined);
    try {
      setRetention(await api('POST', '/admin/run-retention'));
    } catch (e) {
      setRetentionError(e);
    } finally {
      setRetentionBusy(false);
    }
  };

  return (
    <section>
      <h1>Settings</h1>
      {!settings && !loadError && <Busy />}
      <ErrorNotice error={loadError} />
      {settings && (
        <form className="form card" onSubmit={submit} {...validation.formProps} aria-label="Settings">
          <ErrorSummary errors={errors} apiError={validation.apiError} />
          <ErrorNotice error={validation.apiError} fields={false} />
          <div className="grid">
            {SETTINGS.filter((f) => draft[f.name] !== undefined).map((f) =>
              f.kind === 'bool' ? (
                <Checkbox
                  key={f.name}
                  label={f.label}
                  hint={f.help}
                  checked={Boolean(draft[f.name])}
                  onChange={(v) => edit(f.name, v)}
                />
              ) : (
                <Field key={f.name} name={f.name} label={f.label} hint={f.help} error={errors[f.name]}>
                  <input
                    type={f.kind === 'email' || f.kind === 'url' ? f.kind : 'text'}
                    inputMode={f.kind === 'int' ? 'numeric' : undefined}
                    value={String(draft[f.name] ?? '')}
                    onChange={(e) => edit(f.name, e.target.value)}
                  />
                </Field>
              ),
            )}
          </div>
          <SaveBar label="Save settings" busy={busy} saved={saved} />
        </form>
      )}
      {can('manage_options') && (
        <section className="card" aria-labelledby="retention-title">
          <h2 id="retention-title">Retention</h2>
          <p className="muted">
            Deletes call logs older than {settings?.log_retention_days ?? '…'} days, aggregates older than{' '}
            {settings?.analytics_retention_days ?? '…'} days,{' '}
            {settings?.audit_retention_days === 0
              ? 'no audit rows (kept forever)'
              : `audit rows older than ${settings?.audit_retention_days ?? '…'} days`}{' '}
            and stale MCP sessions, now (it also runs daily).
          </p>
          <button type="button" className="btn" onClick={runRetention} disabled={retentionBusy}>
            {retentionBusy ? 'Running…' : 'Run retention now'}
          </button>
          {retentionBusy && <Busy label="Running retention…" />}
          <ErrorNotice error={retentionError} />
          {retention && (
            <p className="notice notice-ok" role="status">
              Deleted {retention.deleted.call_logs} call log(s), {retention.deleted.analytics_daily} aggregate
              row(s), {retention.deleted.audit_log ?? 0} audit row(s) and {retention.deleted.sessions}{' '}
              session(s).
            </p>
          )}
        </section>
      )}
    </section>
  );
}
